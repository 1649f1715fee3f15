import { createFileRoute } from '@tanstack/react-router';
import { ServiceSessionsPage } from '../../../features/device-history/service-sessions-page.tsx';
import { requirePermission } from '../../../lib/access.ts';
import { listSearch } from '../../../lib/list-state.ts';

export const Route = createFileRoute('/_app/devices/service-mode-history')({
  validateSearch: listSearch,
  beforeLoad: () => requirePermission('service-sessions.read'),
  component: ServiceSessionsPage,
});
