import { parseId } from '@kovanica/contract';
import { createFileRoute, lazyRouteComponent, notFound } from '@tanstack/react-router';
import { loadRecord } from '../../../lib/missing-record.ts';
import { gate } from '../../../lib/resource-routes.tsx';

// The page, its API and its schemas load with the route, not in the first paint (decision 0016).
const MachineAuditPage = lazyRouteComponent(() => import('../../../features/machine-audits/machine-audit-page.tsx'), 'MachineAuditPage');

/** One machine audit: its counters, reconciliation, products, events, the segments as read, the file. */
export const Route = createFileRoute('/_app/machine-audits/$id')({
  beforeLoad: () => gate('machine-audits', 'read'),
  loader: async ({ context, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    const { machineAuditsApi } = await import('../../../lib/apis/machine-audits.ts');
    await Promise.all([
      loadRecord('machine-audits', '/machine-audits/list', () => context.queryClient.ensureQueryData(machineAuditsApi.detail(id))),
      MachineAuditPage.preload?.(),
    ]);
    return { id };
  },
  component: function MachineAuditRoute() {
    const { id } = Route.useLoaderData();
    return <MachineAuditPage id={id} />;
  },
});
