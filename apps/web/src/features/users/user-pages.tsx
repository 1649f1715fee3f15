import { EditPage, NewPage } from '../../components/resource-pages.tsx';
import { useSession } from '../../lib/session.ts';
import { type UsersScope, usersApis } from './api.ts';
import { UserForm } from './user-form.tsx';

/** `/users/new` and `/users/all/new`. */
export const UserNewPage = ({ scope }: { scope: UsersScope }) => (
  <NewPage api={usersApis[scope]}>
    <UserForm scope={scope} />
  </NewPage>
);

/** `/users/edit/{id}` and `/users/all/edit/{id}`; nobody deletes their own user (the server refuses too). */
export function UserEditPage({ id, scope }: { id: number; scope: UsersScope }) {
  const { personalInfo } = useSession();
  return (
    <EditPage api={usersApis[scope]} id={id} deletable={(user) => user.id !== personalInfo.id}>
      {(user) => <UserForm key={user.id} user={user} scope={scope} />}
    </EditPage>
  );
}

export const UserNewView = () => <UserNewPage scope="view" />;
export const UserNewAll = () => <UserNewPage scope="all" />;
export const UserEditView = ({ id }: { id: number }) => <UserEditPage id={id} scope="view" />;
export const UserEditAll = ({ id }: { id: number }) => <UserEditPage id={id} scope="all" />;
