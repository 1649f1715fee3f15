import type { User, UserPatch } from '@kovanica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi } from '../../lib/resources.ts';
import { personalInfoOf, setPersonalInfo } from '../../lib/session.ts';

/** The signed-in user's own record; any user may read themselves by e-mail. */
export const meQuery = (email: string) => usersApi.list({ email });

/** Saves the user's own fields and keeps the stored personal info in step with the server. */
export function useUpdateMe(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: UserPatch) => usersApi.patch(id, patch),
    onSuccess: (user: User) => {
      setPersonalInfo(personalInfoOf(user));
      return queryClient.invalidateQueries({ queryKey: usersApi.keys.all });
    },
  });
}
