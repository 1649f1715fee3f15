import { createFileRoute } from '@tanstack/react-router';
import { LoggerNewPage } from '../../../features/loggers/logger-pages.tsx';
import { requirePermission } from '../../../lib/access.ts';

export const Route = createFileRoute('/_app/loggers/new')({
  beforeLoad: () => requirePermission('loggers.create'),
  component: LoggerNewPage,
});
