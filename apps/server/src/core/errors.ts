import type { ProblemCode, ValidationCode } from '@kovanica/contract';

/**
 * An error that becomes an RFC 9457 problem. Services throw it; the error handler renders it in the
 * caller's language. `violations` are given as codes and rendered the same way.
 */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly code: ProblemCode,
    readonly params: Record<string, unknown> = {},
    readonly violations: { propertyPath: string; code: ValidationCode; params?: Record<string, unknown> }[] = [],
    readonly headers: Record<string, string> = {},
    /** Extension members of the problem (RFC 9457 §3.2): machine-readable facts beside its text. */
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(code);
  }
}

/** A 422 for one or more fields, e.g. `invalid('email', 'unique')`. */
export function invalid(propertyPath: string, code: ValidationCode, params?: Record<string, unknown>): DomainError {
  return new DomainError(422, 'validation', {}, [{ propertyPath, code, params }]);
}

export const notFound = () => new DomainError(404, 'not_found');
