import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/loyalty/pos-locations/list')(
  listRoute('pos-locations', () =>
    import('../../../../features/pos-locations/pos-locations-list-page.tsx').then((m) => m.PosLocationsListPage),
  ),
);
