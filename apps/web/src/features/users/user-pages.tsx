import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { fullName, type UsersScope, usersApi } from './api.ts';
import { UserForm } from './user-form.tsx';

/** `/users/new` and `/users/all/new`. */
export function UserNewPage({ scope }: { scope: UsersScope }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('resources.users.new')} />
      <UserForm scope={scope} />
    </>
  );
}

/** `/users/edit/{id}` and `/users/all/edit/{id}`; the route's loader has read the user. */
export function UserEditPage({ id, scope }: { id: number; scope: UsersScope }) {
  const { t } = useTranslation();
  const { data: user } = useSuspenseQuery(usersApi.detail(id));
  return (
    <>
      <PageHeader title={t('resources.users.edit', { name: fullName(user) })} />
      <UserForm key={user.id} user={user} scope={scope} />
    </>
  );
}
