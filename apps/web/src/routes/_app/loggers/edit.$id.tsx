import { createFileRoute } from '@tanstack/react-router';
import { editRoute } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/loggers/edit/$id')(
  editRoute('loggers', () => import('../../../features/loggers/logger-pages.tsx').then((m) => m.LoggerEditPage)),
);
