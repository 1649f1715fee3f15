/** PostgreSQL error details, whether the driver error is thrown bare or wrapped by drizzle. */
export function pgError(error: unknown): { code?: string; constraint?: string } {
  let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 3; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return { code: e.code, constraint: e.constraint };
    e = e.cause as typeof e;
  }
  return {};
}

export const isUniqueViolation = (error: unknown, constraint: string) => {
  const e = pgError(error);
  return e.code === '23505' && e.constraint === constraint;
};
