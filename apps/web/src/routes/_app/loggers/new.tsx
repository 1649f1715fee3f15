import { createFileRoute } from '@tanstack/react-router';
import { LoggerNewPage } from '../../../features/loggers/logger-pages.tsx';
import { newRoute } from '../../../lib/resource-routes.tsx';
import { loggersApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/loggers/new')(newRoute(loggersApi, LoggerNewPage));
