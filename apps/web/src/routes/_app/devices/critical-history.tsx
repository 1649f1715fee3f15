import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/devices/critical-history')(
  listRoute('critical-episodes', () =>
    import('../../../features/device-history/critical-episodes-page.tsx').then((m) => m.CriticalEpisodesPage),
  ),
);
