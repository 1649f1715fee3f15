import { createFileRoute } from '@tanstack/react-router';
import { editRoute } from '../../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/loyalty/pos-locations/edit/$id')(
  editRoute('pos-locations', () => import('../../../../features/pos-locations/pos-location-form.tsx').then((m) => m.PosLocationEditPage)),
);
