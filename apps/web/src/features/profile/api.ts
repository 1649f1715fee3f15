import { type User, type UserPatch, userItem } from '@kovanica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { fileToBase64 } from '../../lib/files.ts';
import { usersApi } from '../../lib/resources.ts';
import { DEFAULT_PHOTO, getSession, personalInfoOf, setPersonalInfo } from '../../lib/session.ts';

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

/**
 * Uploads the user's photo (the server checks, squares and stores it) and puts the answer's
 * versioned photo URL into the session at once: the header and the quick-user panel show it.
 */
export function useUploadPhoto(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) =>
      apiRequest(`/users/${id}/photo`, { method: 'POST', body: { image: await fileToBase64(file) }, schema: userItem }),
    onSuccess: (user: User) => {
      setPersonalInfo(personalInfoOf(user));
      return queryClient.invalidateQueries({ queryKey: usersApi.keys.all });
    },
  });
}

/** Removes the user's photo: the default picture shows again everywhere. */
export function useRemovePhoto(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`/users/${id}/photo`, { method: 'DELETE' }),
    onSuccess: () => {
      setPersonalInfo({ ...getSession().personalInfo, photo: DEFAULT_PHOTO });
      return queryClient.invalidateQueries({ queryKey: usersApi.keys.all });
    },
  });
}
