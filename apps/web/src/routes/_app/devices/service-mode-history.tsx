import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';
import { serviceSessionsApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/devices/service-mode-history')(
  listRoute(serviceSessionsApi, () =>
    import('../../../features/device-history/service-sessions-page.tsx').then((m) => m.ServiceSessionsPage),
  ),
);
