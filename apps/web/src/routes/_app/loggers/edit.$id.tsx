import { createFileRoute } from '@tanstack/react-router';
import { editRoute } from '../../../lib/resource-routes.tsx';
import { loggersApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/loggers/edit/$id')(
  editRoute(loggersApi, () => import('../../../features/loggers/logger-pages.tsx').then((m) => m.LoggerEditPage)),
);
