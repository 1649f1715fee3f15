import { parseId } from '@kovanica/contract';
import { createFileRoute, lazyRouteComponent, notFound } from '@tanstack/react-router';
import { loadRecord } from '../../../lib/missing-record.ts';
import { gate } from '../../../lib/resource-routes.tsx';

const DepositCountPage = lazyRouteComponent(() => import('../../../features/deposits/deposit-count-page.tsx'), 'DepositCountPage');

// One deposit's count on its own page (a visit's stop leads here, `?back=/visits/today`): who may
// report a count, as the server's PATCH; a deposit that names nothing they may see is "Deposit not found".
export const Route = createFileRoute('/_app/deposits/count/$id')({
  validateSearch: (search: Record<string, unknown>): { back?: string } => (typeof search.back === 'string' ? { back: search.back } : {}),
  beforeLoad: () => gate('deposits', 'create'),
  loader: async ({ context, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    const { depositsApi } = await import('../../../lib/apis/deposits.ts');
    await loadRecord('deposits', '/deposits/list', () => context.queryClient.ensureQueryData(depositsApi.detail(id)));
    return { id };
  },
  component: DepositCountPage,
});
