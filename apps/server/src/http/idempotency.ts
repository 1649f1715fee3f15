import { DomainError } from '../core/errors.ts';

/** The longest `Idempotency-Key` taken (a UUID is 36 characters; docs/api.md "Idempotency-Key"). */
export const IDEMPOTENCY_KEY_MAX = 200;

/**
 * An `Idempotency-Key` header as sent: the key (trimmed), or undefined without the header. Empty or
 * longer than `IDEMPOTENCY_KEY_MAX`: 400 `idempotency_key_required`.
 */
export function idempotencyKeyOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = header.trim();
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX) throw new DomainError(400, 'idempotency_key_required');
  return key;
}
