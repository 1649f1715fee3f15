import { createFileRoute } from '@tanstack/react-router';
import { CommandsPage } from '../../../features/commands/commands-page.tsx';
import { requirePermission } from '../../../lib/access.ts';
import { listSearch } from '../../../lib/list-state.ts';

export const Route = createFileRoute('/_app/devices/reset')({
  validateSearch: listSearch,
  beforeLoad: () => requirePermission('commands.read'),
  component: function ResetsRoute() {
    return <CommandsPage type="reset" />;
  },
});
