import type { ProblemCode } from '@kovanica/contract';
import type { Limit, Limits } from '../security/limits.ts';
import { ApiProblem } from './problems.ts';

/** Wrong credentials of loggers, terminals and apps from one address (docs/api.md, "Limits"). */
export const KEY_GUESSES: Limit = { max: 50, windowMs: 15 * 60_000 };

/** 429 with its `Retry-After`, in the caller's language. */
export const tooMany = (code: ProblemCode, seconds: number) =>
  new ApiProblem(429, code, { seconds }, [], { 'retry-after': String(Math.max(1, seconds)) });

/**
 * The answer to a wrong key (a logger's, a terminal's, an app's credential): its own 401, or 429 once
 * the address has sent `KEY_GUESSES.max` wrong ones in the window. A right key is never refused for
 * an address's wrong ones (a fleet behind one address keeps sending); the keys are 256 random bits,
 * so the count is there to slow scanners down and keep them out of the log, not to stop a guess.
 */
export async function refusedKey(limits: Limits, address: string, refusal: ApiProblem): Promise<ApiProblem> {
  const taken = await limits.take(`key:address:${address}`, KEY_GUESSES);
  return taken.ok ? refusal : tooMany('too_many_key_attempts', taken.retryAfter);
}
