import { createFileRoute } from '@tanstack/react-router';
import { newRoute } from '../../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/loyalty/promotions/new')(
  newRoute('promotions', () => import('../../../../features/promotions/promotion-form.tsx').then((m) => m.PromotionNewPage)),
);
