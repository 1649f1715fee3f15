import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/loggers/list')(
  listRoute('loggers', () => import('../../../features/loggers/loggers-list-page.tsx').then((m) => m.LoggersListPage)),
);
