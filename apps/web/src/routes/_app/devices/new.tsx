import { createFileRoute } from '@tanstack/react-router';
import { DeviceNewPage } from '../../../features/devices/device-pages.tsx';
import { newRoute } from '../../../lib/resource-routes.tsx';
import { devicesApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/devices/new')(newRoute(devicesApi, DeviceNewPage));
