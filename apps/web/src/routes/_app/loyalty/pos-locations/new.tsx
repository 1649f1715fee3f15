import { createFileRoute } from '@tanstack/react-router';
import { newRoute } from '../../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/loyalty/pos-locations/new')(
  newRoute('pos-locations', () => import('../../../../features/pos-locations/pos-location-form.tsx').then((m) => m.PosLocationNewPage)),
);
