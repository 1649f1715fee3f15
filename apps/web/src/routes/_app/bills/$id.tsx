import { parseId } from '@kovanica/contract';
import { createFileRoute, lazyRouteComponent, notFound } from '@tanstack/react-router';
import { listSearch } from '../../../lib/list-state.ts';
import { loadRecord } from '../../../lib/missing-record.ts';
import { gate } from '../../../lib/resource-routes.tsx';

// The page, its API and its schemas load with the route, not in the first paint (decision 0016).
const BillPage = lazyRouteComponent(() => import('../../../features/bills/bill-page.tsx'), 'BillPage');

/** A bill's page: everything of the bill, its QR code and PDF receipt, storno, and its sends to CIS. */
export const Route = createFileRoute('/_app/bills/$id')({
  // The sends to CIS are a list: its page and order in the URL.
  validateSearch: listSearch,
  beforeLoad: () => gate('bills', 'read'),
  loader: async ({ context, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    const { billsApi } = await import('../../../lib/apis/bills.ts');
    await Promise.all([
      loadRecord('bills', '/bills/list', () => context.queryClient.ensureQueryData(billsApi.detail(id))),
      BillPage.preload?.(),
    ]);
    return { id };
  },
  component: function BillRoute() {
    const { id } = Route.useLoaderData();
    return <BillPage id={id} />;
  },
});
