import { createFileRoute } from '@tanstack/react-router';
import { PlacementsPage } from '../../../features/device-history/placements-page.tsx';
import { requirePermission } from '../../../lib/access.ts';

interface PlacementsSearch {
  /** The device's IRI; left out until one is picked. */
  device?: string;
}

export const Route = createFileRoute('/_app/devices/locations')({
  validateSearch: (raw: Record<string, unknown>): PlacementsSearch =>
    typeof raw.device === 'string' && raw.device !== '' ? { device: raw.device } : {},
  beforeLoad: () => requirePermission('devices.read'),
  component: function PlacementsRoute() {
    const { device } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <PlacementsPage device={device ?? null} onDeviceChange={(next) => void navigate({ search: next ? { device: next } : {} })} />;
  },
});
