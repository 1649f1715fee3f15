import type { ProblemCode } from '@kovanica/contract';
import { DomainError } from '../core/errors.ts';
import type { Limit, Limits } from './limits.ts';

/** Wrong credentials of loggers, terminals and apps from one address (docs/api.md, "Limits"). */
export const KEY_GUESSES: Limit = { max: 50, windowMs: 15 * 60_000 };

/** 429 with its `Retry-After`, in the caller's language. */
export const tooMany = (code: ProblemCode, seconds: number) =>
  new DomainError(429, code, { seconds }, [], { 'retry-after': String(Math.max(1, seconds)) });

/**
 * The answer to a wrong key (a logger's, a terminal's, an app's credential): its own 401, or 429 once
 * the address has sent `KEY_GUESSES.max` wrong ones in the window. A right key is never refused for
 * an address's wrong ones (a fleet behind one address keeps sending); the keys are 256 random bits,
 * so the count is there to slow scanners down and keep them out of the log, not to stop a guess.
 */
export async function refusedKey(limits: Limits, address: string, refusal: DomainError): Promise<DomainError> {
  const taken = await limits.take(`key:address:${address}`, KEY_GUESSES);
  return taken.ok ? refusal : tooMany('too_many_key_attempts', taken.retryAfter);
}

/**
 * Uploads (an import's file, a card list, a photo): per user in a window, and per company at once (a
 * file in progress holds its company's place until it is done; a server that died holding one gives it
 * back when the window ends).
 */
export const UPLOADS = {
  perUser: { max: 100, windowMs: 10 * 60_000 } satisfies Limit,
  runningPerCompany: { max: 2, windowMs: 2 * 60_000 } satisfies Limit,
};

/** Exports asked for by one user (each is a background job's work). */
export const EXPORTS_PER_USER: Limit = { max: 200, windowMs: 10 * 60_000 };

/** Runs an upload's work within the upload limits of its user and company, or answers 429. */
export async function withinUploadLimits<T>(
  limits: Limits,
  who: { userId: number; companyId: number },
  work: () => Promise<T>,
): Promise<T> {
  const byUser = await limits.take(`upload:user:${who.userId}`, UPLOADS.perUser);
  if (!byUser.ok) throw tooMany('too_many_uploads', byUser.retryAfter);
  const runningKey = `upload-running:company:${who.companyId}`;
  const running = await limits.take(runningKey, UPLOADS.runningPerCompany);
  if (!running.ok) throw tooMany('uploads_in_progress', 5);
  try {
    return await work();
  } finally {
    await limits.giveBack(runningKey, running);
  }
}
