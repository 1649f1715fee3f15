import type { LoginRequest } from '@kovanica/contract';
import { eq, sql } from 'drizzle-orm';
import { DomainError } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { tooMany } from '../../security/attempts.ts';
import type { Limits } from '../../security/limits.ts';
import { decoyHash, verifyPassword } from '../../security/passwords.ts';
import { findUserByEmail } from '../users/users.service.ts';

export interface LoginLimits {
  perAccount: number;
  perAddress: number;
  windowMs: number;
}
export const defaultLoginLimits: LoginLimits = { perAccount: 10, perAddress: 50, windowMs: 15 * 60_000 };

export function authService(
  db: Db,
  attempts: Limits,
  sign: (claims: { sub: string; email: string; ver: number }) => string,
  limits = defaultLoginLimits,
) {
  const perAccount = { max: limits.perAccount, windowMs: limits.windowMs };
  const perAddress = { max: limits.perAddress, windowMs: limits.windowMs };

  return {
    /**
     * Checks the credentials and issues a token. Every attempt is taken against the account and the
     * address before the password is checked, in the database (so a hundred parallel guesses, on one
     * server or several, meet the limit too); a right one is forgiven with the wrong ones before it.
     */
    async login(input: LoginRequest, address: string): Promise<{ token: string }> {
      const accountKey = `signin:account:${input.email.trim().toLowerCase()}`;
      const addressKey = `signin:address:${address}`;
      const byAddress = await attempts.take(addressKey, perAddress);
      if (!byAddress.ok) throw tooMany('too_many_attempts', byAddress.retryAfter);
      const byAccount = await attempts.take(accountKey, perAccount);
      if (!byAccount.ok) throw tooMany('too_many_attempts', byAccount.retryAfter);

      const user = await findUserByEmail(db, input.email.trim().toLowerCase());
      const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash()), input.password);
      if (!user || !ok) throw new DomainError(401, 'bad_credentials');
      await attempts.forgive(accountKey, byAccount);
      await attempts.giveBack(addressKey, byAddress);
      if (!user.active || !user.roles[0]) throw new DomainError(401, 'inactive_account');
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
