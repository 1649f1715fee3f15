import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/loyalty/users/promo-boxes/list')(
  listRoute('promo-boxes', () => import('../../../../../features/promo-boxes/promo-boxes-list-page.tsx').then((m) => m.PromoBoxesListPage)),
);
