import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';
import { listSearch } from '../../../lib/list-state.ts';
import { gate } from '../../../lib/resource-routes.tsx';

const VisitsPlanPage = lazyRouteComponent(() => import('../../../features/visits/visits-plan-page.tsx'), 'VisitsPlanPage');

// The day's proposal and visits (docs/rules.md "Visits"): who plans rounds (`visits.create`), with the deposits module.
// The day and company are in the address beside the day's visits' list state.
export const Route = createFileRoute('/_app/visits/plan')({
  validateSearch: listSearch,
  beforeLoad: () => gate('visits', 'create'),
  component: VisitsPlanPage,
});
