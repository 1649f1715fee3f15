import type { User, UserPatch } from '@kovanica/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { requestToken } from '../../lib/api.ts';
import { usersApi } from '../../lib/apis/users.ts';
import { personalInfoOf, setPersonalInfo, setToken } from '../../lib/session.ts';

/** The signed-in user's own record; any user may read themselves by e-mail. */
export const meQuery = (email: string) => usersApi.list({ email });

/** The stored personal info follows the saved record; the users' answers are read again. */
function saved(queryClient: QueryClient, user: User) {
  setPersonalInfo(personalInfoOf(user));
  return queryClient.invalidateQueries({ queryKey: usersApi.keys.all });
}

/** Saves the user's own fields and keeps the stored personal info in step with the server. */
export function useUpdateMe(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: UserPatch) => usersApi.patch(id, patch),
    onSuccess: (user: User) => saved(queryClient, user),
  });
}

/**
 * Changes the user's own password. The change ends every sign-in of the account, this one too, so the
 * browser signs in again with the new password before anything is read again: a refetch with the
 * ended token would be answered 401 and send the user to the sign-in page.
 */
export function useChangePassword(id: number, email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: { password: string; currentPassword: string }) => {
      const user = await usersApi.patch(id, patch);
      setToken(await requestToken(email, patch.password));
      return user;
    },
    onSuccess: (user: User) => saved(queryClient, user),
  });
}
