import { createFileRoute } from '@tanstack/react-router';
import { EmptyingsPage } from '../../../features/device-history/emptyings-page.tsx';
import { listRoute } from '../../../lib/resource-routes.tsx';
import { emptyingsApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/devices/discharge-history')(listRoute(emptyingsApi, EmptyingsPage));
