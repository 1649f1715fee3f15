import type { User } from '@kovanica/contract';
import { usersApi } from '../../lib/apis/users.ts';
import { getSession, personalInfoOf, setPersonalInfo } from '../../lib/session.ts';

export { usersApi };

/**
 * The two families of user screens (original §2): `view` lists the users of the My/All Companies
 * view the switch selects; `all` lists every company's users whatever the switch says (admins only).
 */
export type UsersScope = 'view' | 'all';

/** The screens of each family: `/users/…` and `/users/all/…`. */
export const usersApis = { view: usersApi, all: { ...usersApi, path: '/users/all' } } as const;

export const fullName = (user: Pick<User, 'name' | 'surname'>) => `${user.name} ${user.surname}`;

/** An admin editing their own user here changes what the header and the profile show. */
export const refreshOwnInfo = (user: User) => {
  if (user.id === getSession().personalInfo.id) setPersonalInfo(personalInfoOf(user));
};
