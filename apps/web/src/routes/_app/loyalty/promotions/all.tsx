import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/loyalty/promotions/all')(
  listRoute('promotions', () => import('../../../../features/promotions/promotions-list-page.tsx').then((m) => m.PromotionsListPage)),
);
