import { createFileRoute } from '@tanstack/react-router';
import { newRoute } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/loggers/new')(
  newRoute('loggers', () => import('../../../features/loggers/logger-pages.tsx').then((m) => m.LoggerNewPage)),
);
