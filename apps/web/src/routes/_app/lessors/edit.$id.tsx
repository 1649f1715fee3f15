import { createFileRoute, notFound } from '@tanstack/react-router';
import { LessorEditPage } from '../../../features/lessors/lessor-edit-page.tsx';
import { requirePermission } from '../../../lib/access.ts';
import { lessorsApi } from '../../../lib/resources.ts';

const idOf = (raw: string) => (/^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

export const Route = createFileRoute('/_app/lessors/edit/$id')({
  beforeLoad: () => requirePermission('lessors.update'),
  loader: async ({ context, params }) => {
    const id = idOf(params.id);
    if (id === null) throw notFound();
    await context.queryClient.ensureQueryData(lessorsApi.detail(id));
    return { id };
  },
  component: function LessorEditRoute() {
    const { id } = Route.useLoaderData();
    return <LessorEditPage id={id} />;
  },
});
