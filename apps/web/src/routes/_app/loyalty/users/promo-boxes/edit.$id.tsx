import { createFileRoute } from '@tanstack/react-router';
import { editRoute } from '../../../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/loyalty/users/promo-boxes/edit/$id')(
  editRoute('promo-boxes', () => import('../../../../../features/promo-boxes/promo-box-form.tsx').then((m) => m.PromoBoxEditPage)),
);
