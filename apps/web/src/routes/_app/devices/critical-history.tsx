import { createFileRoute } from '@tanstack/react-router';
import { CriticalEpisodesPage } from '../../../features/device-history/critical-episodes-page.tsx';
import { listRoute } from '../../../lib/resource-routes.tsx';
import { criticalEpisodesApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/devices/critical-history')(listRoute(criticalEpisodesApi, CriticalEpisodesPage));
