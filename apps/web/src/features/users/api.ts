import type { User, UserCreate, UserPatch } from '@kovanica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi } from '../../lib/resources.ts';
import { getSession, personalInfoOf, setPersonalInfo } from '../../lib/session.ts';

export { usersApi };

/**
 * The two families of user screens (original §2): `view` lists the users of the My/All Companies
 * view the switch selects; `all` lists every company's users whatever the switch says (admins only).
 */
export type UsersScope = 'view' | 'all';

export const usersPaths = {
  view: { list: '/users/list', new: '/users/new', edit: '/users/edit/$id' },
  all: { list: '/users/all/list', new: '/users/all/new', edit: '/users/all/edit/$id' },
} as const;

export const fullName = (user: Pick<User, 'name' | 'surname'>) => `${user.name} ${user.surname}`;

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserCreate) => usersApi.create(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersApi.keys.all }),
  });
}

export function useUpdateUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: UserPatch) => usersApi.patch(id, patch),
    onSuccess: (user: User) => {
      queryClient.setQueryData(usersApi.keys.detail(id), user);
      // An admin editing their own user here changes what the header and the profile show.
      if (user.id === getSession().personalInfo.id) setPersonalInfo(personalInfoOf(user));
      return queryClient.invalidateQueries({ queryKey: usersApi.keys.all });
    },
  });
}
