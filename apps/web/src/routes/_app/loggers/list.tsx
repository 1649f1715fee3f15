import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';
import { loggersApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/loggers/list')(
  listRoute(loggersApi, () => import('../../../features/loggers/loggers-list-page.tsx').then((m) => m.LoggersListPage)),
);
