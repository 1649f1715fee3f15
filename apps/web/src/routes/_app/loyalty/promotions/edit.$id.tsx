import { createFileRoute } from '@tanstack/react-router';
import { editRoute } from '../../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/loyalty/promotions/edit/$id')(
  editRoute('promotions', () => import('../../../../features/promotions/promotion-form.tsx').then((m) => m.PromotionEditPage)),
);
