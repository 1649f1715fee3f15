import { createFileRoute } from '@tanstack/react-router';
import { newRoute } from '../../../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/loyalty/users/promo-boxes/new')(
  newRoute('promo-boxes', () => import('../../../../../features/promo-boxes/promo-box-form.tsx').then((m) => m.PromoBoxNewPage)),
);
