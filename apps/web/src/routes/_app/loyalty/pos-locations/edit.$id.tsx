import { createFileRoute } from '@tanstack/react-router';
import { editRoute } from '../../../../lib/resource-routes.tsx';

// Accountants read points of sale: the page opens for them with the form read-only.
export const Route = createFileRoute('/_app/loyalty/pos-locations/edit/$id')(
  editRoute('pos-locations', () => import('../../../../features/pos-locations/pos-location-form.tsx').then((m) => m.PosLocationEditPage), {
    permission: 'pos-locations.read',
  }),
);
