import { createFileRoute } from '@tanstack/react-router';
import { CriticalEpisodesPage } from '../../../features/device-history/critical-episodes-page.tsx';
import { requirePermission } from '../../../lib/access.ts';
import { listSearch } from '../../../lib/list-state.ts';

export const Route = createFileRoute('/_app/devices/critical-history')({
  validateSearch: listSearch,
  beforeLoad: () => requirePermission('critical-episodes.read'),
  component: CriticalEpisodesPage,
});
