import type { LoginRequest } from '@kovanica/contract';
import type { Db } from '../../db/client.ts';
import { ApiProblem } from '../../http/problems.ts';
import { findUserByEmail } from '../users/users.queries.ts';
import { AttemptLimiter } from './attempts.ts';
import { decoyHash, verifyPassword } from './passwords.ts';

export interface LoginLimits {
  perAccount: number;
  perAddress: number;
  windowMs: number;
}
export const defaultLoginLimits: LoginLimits = { perAccount: 10, perAddress: 50, windowMs: 15 * 60_000 };

export function authService(db: Db, sign: (claims: { sub: string; email: string }) => string, limits = defaultLoginLimits) {
  const accounts = new AttemptLimiter(limits.perAccount, limits.windowMs);
  const addresses = new AttemptLimiter(limits.perAddress, limits.windowMs);

  return {
    /** Checks the credentials and issues a token; wrong ones count against the account and the address. */
    async login(input: LoginRequest, address: string): Promise<{ token: string }> {
      const account = input.email.trim().toLowerCase();
      const wait = Math.max(accounts.retryAfter(account), addresses.retryAfter(address));
      if (wait > 0) throw new ApiProblem(429, 'too_many_attempts', { seconds: wait }, [], { 'retry-after': String(wait) });

      const user = await findUserByEmail(db, account);
      const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash()), input.password);
      if (!user || !ok) {
        accounts.fail(account);
        addresses.fail(address);
        throw new ApiProblem(401, 'bad_credentials');
      }
      if (!user.active || !user.roles[0]) throw new ApiProblem(401, 'inactive_account');
      accounts.reset(account);
      return { token: sign({ sub: String(user.id), email: user.email }) };
    },
  };
}
