import { createFileRoute, notFound } from '@tanstack/react-router';
import { TagEditPage } from '../../../features/tags/tag-edit-page.tsx';
import { requirePermission } from '../../../lib/access.ts';
import { tagsApi } from '../../../lib/resources.ts';

const idOf = (raw: string) => (/^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

export const Route = createFileRoute('/_app/tags/edit/$id')({
  beforeLoad: () => requirePermission('tags.update'),
  loader: async ({ context, params }) => {
    const id = idOf(params.id);
    if (id === null) throw notFound();
    await context.queryClient.ensureQueryData(tagsApi.detail(id));
    return { id };
  },
  component: function TagEditRoute() {
    const { id } = Route.useLoaderData();
    return <TagEditPage id={id} />;
  },
});
