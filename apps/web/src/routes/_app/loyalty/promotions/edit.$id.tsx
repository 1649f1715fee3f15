import { createFileRoute } from '@tanstack/react-router';
import { editRoute } from '../../../../lib/resource-routes.tsx';

// Accountants read promotions: the page opens for them with the form read-only.
export const Route = createFileRoute('/_app/loyalty/promotions/edit/$id')(
  editRoute('promotions', () => import('../../../../features/promotions/promotion-form.tsx').then((m) => m.PromotionEditPage), {
    permission: 'promotions.read',
  }),
);
