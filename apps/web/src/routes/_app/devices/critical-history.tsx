import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';
import { criticalEpisodesApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/devices/critical-history')(
  listRoute(criticalEpisodesApi, () =>
    import('../../../features/device-history/critical-episodes-page.tsx').then((m) => m.CriticalEpisodesPage),
  ),
);
