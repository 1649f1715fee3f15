import { createFileRoute, notFound } from '@tanstack/react-router';
import { UserEditPage } from '../../../features/users/user-pages.tsx';
import { requirePermission } from '../../../lib/access.ts';
import { usersApi } from '../../../lib/resources.ts';

const idOf = (raw: string) => (/^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

export const Route = createFileRoute('/_app/users/edit/$id')({
  beforeLoad: () => requirePermission('users.update'),
  loader: async ({ context, params }) => {
    const id = idOf(params.id);
    if (id === null) throw notFound();
    await context.queryClient.ensureQueryData(usersApi.detail(id));
    return { id };
  },
  component: function UserEditRoute() {
    const { id } = Route.useLoaderData();
    return <UserEditPage id={id} scope="view" />;
  },
});
