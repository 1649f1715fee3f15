import { createFileRoute } from '@tanstack/react-router';
import { LoggersListPage } from '../../../features/loggers/loggers-list-page.tsx';
import { requirePermission } from '../../../lib/access.ts';
import { listSearch } from '../../../lib/list-state.ts';

export const Route = createFileRoute('/_app/loggers/list')({
  validateSearch: listSearch,
  beforeLoad: () => requirePermission('loggers.read'),
  component: LoggersListPage,
});
