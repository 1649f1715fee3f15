import { parseId } from '@kovanica/contract';
import { createFileRoute, lazyRouteComponent, notFound } from '@tanstack/react-router';
import { loadRecord } from '../../../lib/missing-record.ts';
import { gate } from '../../../lib/resource-routes.tsx';

const VisitSheetPage = lazyRouteComponent(() => import('../../../features/visits/visit-sheet-page.tsx'), 'VisitSheetPage');

// A visit's printable sheet: whoever reads visits (a worker their own, as the server answers); one
// that names nothing they may see is "Visit not found".
export const Route = createFileRoute('/_app/visits/sheet/$id')({
  beforeLoad: () => gate('visits', 'read'),
  loader: async ({ context, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    const { visitsApi } = await import('../../../lib/apis/visits.ts');
    await loadRecord('visits', '/visits/today', () => context.queryClient.ensureQueryData(visitsApi.detail(id)));
    return { id };
  },
  component: VisitSheetPage,
});
