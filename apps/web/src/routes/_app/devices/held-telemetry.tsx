import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/devices/held-telemetry')(
  listRoute('telemetry-holds', () =>
    import('../../../features/telemetry-holds/telemetry-holds-page.tsx').then((m) => m.TelemetryHoldsPage),
  ),
);
