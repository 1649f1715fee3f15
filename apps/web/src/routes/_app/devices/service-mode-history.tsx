import { createFileRoute } from '@tanstack/react-router';
import { ServiceSessionsPage } from '../../../features/device-history/service-sessions-page.tsx';
import { listRoute } from '../../../lib/resource-routes.tsx';
import { serviceSessionsApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/devices/service-mode-history')(listRoute(serviceSessionsApi, ServiceSessionsPage));
