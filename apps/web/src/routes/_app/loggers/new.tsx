import { createFileRoute } from '@tanstack/react-router';
import { newRoute } from '../../../lib/resource-routes.tsx';
import { loggersApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/loggers/new')(
  newRoute(loggersApi, () => import('../../../features/loggers/logger-pages.tsx').then((m) => m.LoggerNewPage)),
);
