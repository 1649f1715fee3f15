import { parseId } from '@kovanica/contract';
import { createFileRoute, lazyRouteComponent, notFound } from '@tanstack/react-router';
import { loadRecord } from '../../../lib/missing-record.ts';
import { gate } from '../../../lib/resource-routes.tsx';

const Page = lazyRouteComponent(async () => ({
  default: (await import('../../../features/imports/import-detail-page.tsx')).ImportDetailPage,
}));

/** One import of the history: its counts, its failure and its refused rows (read-only). */
export const Route = createFileRoute('/_app/imports/history_/$id')({
  beforeLoad: () => gate('imports', 'read'),
  loader: async ({ context, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    const { importsApi } = await import('../../../lib/apis/imports.ts');
    await Promise.all([
      loadRecord('imports', '/imports/history', () => context.queryClient.ensureQueryData(importsApi.detail(id))),
      Page.preload?.(),
    ]);
    return { id };
  },
  component: function ImportRoute() {
    const { id } = Route.useLoaderData();
    return <Page id={id} />;
  },
});
