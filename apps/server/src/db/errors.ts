import type { DependentKind, ValidationCode } from '@kovanica/contract';
import type { Db, Tx } from './client.ts';

// The data layer's refusals, in its own terms. db/ knows nothing of HTTP: it throws these plain
// errors, and `http/errors.ts` renders them as problems in the caller's language.

/** A field's value the data refuses (a duplicate, a reference to nothing reachable): a 422 on that field. */
export class FieldError extends Error {
  constructor(
    readonly field: string,
    readonly reason: ValidationCode,
  ) {
    super(`${field}: ${reason}`);
    this.name = 'FieldError';
  }
}

/** A row others still depend on, with how many of each kind: a 409 that names them. */
export class InUseError extends Error {
  constructor(readonly dependents: Partial<Record<DependentKind, number>>) {
    super('in use');
    this.name = 'InUseError';
  }
}

/** PostgreSQL error details, whether the driver error is thrown bare or wrapped by drizzle. */
export function pgError(error: unknown): { code?: string; constraint?: string } {
  let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 3; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return { code: e.code, constraint: e.constraint };
    e = e.cause as typeof e;
  }
  return {};
}

/** Runs a write, turning a unique-constraint violation into a `FieldError` on the field it guards. */
export async function uniqueFields<T>(constraints: Record<string, string>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const { code, constraint } = pgError(error);
    const field = code === '23505' && constraint ? constraints[constraint] : undefined;
    if (field) throw new FieldError(field, 'unique');
    throw error;
  }
}

/**
 * Deletes a row unless others depend on it: an `InUseError` with the dependants, also when a foreign
 * key refuses the delete because a dependant was added after the count (a race).
 */
export async function refuseInUse(
  count: () => Promise<Partial<Record<DependentKind, number>>>,
  remove: () => Promise<unknown>,
): Promise<void> {
  const counts = await count();
  if (Object.values(counts).some((n) => (n ?? 0) > 0)) throw new InUseError(counts);
  try {
    await remove();
  } catch (error) {
    if (pgError(error).code === '23503') throw new InUseError(await count());
    throw error;
  }
}

/**
 * `refuseInUse` for a row whose dependants another writer may be adding right now (telemetry adds a
 * logger's events): in one transaction, `lock` first takes the lock that writer holds while it writes,
 * so the count sees what it committed; the delete runs in a savepoint, so a foreign key's refusal can
 * still be counted and named.
 */
export async function refuseInUseLocked(
  db: Db,
  lock: (tx: Tx) => Promise<unknown>,
  count: (tx: Tx) => Promise<Partial<Record<DependentKind, number>>>,
  remove: (tx: Tx) => Promise<unknown>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lock(tx);
    await refuseInUse(
      () => count(tx),
      () => tx.transaction((savepoint) => remove(savepoint)),
    );
  });
}
