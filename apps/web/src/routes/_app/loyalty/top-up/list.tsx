import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/loyalty/top-up/list')(
  listRoute('top-ups', () => import('../../../../features/top-ups/top-ups-list-page.tsx').then((m) => m.TopUpsListPage)),
);
