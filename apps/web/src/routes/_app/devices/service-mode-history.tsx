import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/devices/service-mode-history')(
  listRoute('service-sessions', () =>
    import('../../../features/device-history/service-sessions-page.tsx').then((m) => m.ServiceSessionsPage),
  ),
);
