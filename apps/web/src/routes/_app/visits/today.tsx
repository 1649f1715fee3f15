import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';
import { gate } from '../../../lib/resource-routes.tsx';

const VisitsTodayPage = lazyRouteComponent(() => import('../../../features/visits/visits-today-page.tsx'), 'VisitsTodayPage');

// Today's round, phone first (docs/rules.md "Visits"): who marks stops done (`visits.work`: workers, and managers who see every round).
export const Route = createFileRoute('/_app/visits/today')({
  validateSearch: (search: Record<string, unknown>): { worker?: string } =>
    typeof search.worker === 'string' && search.worker !== '' ? { worker: search.worker } : {},
  beforeLoad: () => gate('visits', 'read', 'visits.work'),
  component: VisitsTodayPage,
});
