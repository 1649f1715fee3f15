import type { LoginRequest } from '@kovanica/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { ApiProblem } from '../../http/problems.ts';
import { decoyHash, verifyPassword } from '../../security/passwords.ts';
import { findUserByEmail } from '../users/users.service.ts';
import { AttemptLimiter } from './attempts.ts';

export interface LoginLimits {
  perAccount: number;
  perAddress: number;
  windowMs: number;
}
export const defaultLoginLimits: LoginLimits = { perAccount: 10, perAddress: 50, windowMs: 15 * 60_000 };

export function authService(db: Db, sign: (claims: { sub: string; email: string; ver: number }) => string, limits = defaultLoginLimits) {
  const accounts = new AttemptLimiter(limits.perAccount, limits.windowMs);
  const addresses = new AttemptLimiter(limits.perAddress, limits.windowMs);

  return {
    /**
     * Checks the credentials and issues a token. Every attempt counts against the account and the
     * address from its start (so a hundred parallel guesses meet the limit too); a right one is
     * forgiven.
     */
    async login(input: LoginRequest, address: string): Promise<{ token: string }> {
      const account = input.email.trim().toLowerCase();
      const wait = Math.max(accounts.retryAfter(account), addresses.retryAfter(address));
      if (wait > 0) throw new ApiProblem(429, 'too_many_attempts', { seconds: wait }, [], { 'retry-after': String(wait) });
      accounts.take(account);
      addresses.take(address);

      const user = await findUserByEmail(db, account);
      const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash()), input.password);
      if (!user || !ok) throw new ApiProblem(401, 'bad_credentials');
      accounts.reset(account);
      addresses.giveBack(address);
      if (!user.active || !user.roles[0]) throw new ApiProblem(401, 'inactive_account');
      return { token: sign({ sub: String(user.id), email: user.email, ver: user.sessionEpoch }) };
    },

    /** Ends every sign-in of the user, this one included (docs/rules.md, "Sessions"). */
    async logout(userId: number): Promise<void> {
      await db
        .update(users)
        .set({ sessionEpoch: sql`${users.sessionEpoch} + 1` })
        .where(eq(users.id, userId));
    },
  };
}
