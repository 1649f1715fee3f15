import { createFileRoute } from '@tanstack/react-router';
import { LoggersListPage } from '../../../features/loggers/loggers-list-page.tsx';
import { listRoute } from '../../../lib/resource-routes.tsx';
import { loggersApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/loggers/list')(listRoute(loggersApi, LoggersListPage));
