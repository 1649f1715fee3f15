import { parseIri, type User } from '@kovanica/contract';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, requestToken } from '../../lib/api.ts';
import { companiesApi } from '../../lib/apis/companies.ts';
import { usersApi } from '../../lib/apis/users.ts';
import { changeLanguage, currentLanguage } from '../../lib/i18n.ts';
import {
  accountInfoOf,
  clearSession,
  personalInfoOf,
  readTokenClaims,
  setAccountInfo,
  setPersonalInfo,
  setToken,
} from '../../lib/session.ts';
import { settingsQuery } from '../../lib/settings-query.ts';

/**
 * The login flow of the original (§7): get a token, read the user by e-mail, then their company; the
 * user's first role and the company make the account info, in the My Company view.
 */
export async function signIn(queryClient: QueryClient, email: string, password: string): Promise<User> {
  const token = await requestToken(email, password);
  setToken(token);
  try {
    // The token's e-mail is the one the server stored, whatever letter case the user typed.
    const storedEmail = readTokenClaims(token)?.email ?? email;
    const users = await queryClient.fetchQuery(usersApi.list({ email: storedEmail }));
    const user = users.member[0];
    if (!user) throw new ApiError('GET /users: no user for this e-mail', 404, null);
    const companyId = parseIri('companies', user.company);
    if (companyId === null) throw new ApiError(`GET /users: bad company ${user.company}`, 500, null);
    // The settings beside the company: reading them keeps the update banner for the app's first page (no layout shift).
    const [company] = await Promise.all([
      queryClient.fetchQuery(companiesApi.detail(companyId)),
      queryClient.prefetchQuery(settingsQuery()),
    ]);
    // The account's language, when it has one, is the last one its user chose (components/language-select).
    if (user.language && user.language !== currentLanguage()) await changeLanguage(user.language);
    setPersonalInfo(personalInfoOf(user));
    setAccountInfo(accountInfoOf(user, company));
    return user;
  } catch (error) {
    // Half a session is worse than none: the app would show a shell without a user.
    clearSession();
    queryClient.clear();
    throw error;
  }
}
