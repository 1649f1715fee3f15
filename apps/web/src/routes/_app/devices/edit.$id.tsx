import { createFileRoute } from '@tanstack/react-router';
import { DeviceEditPage } from '../../../features/devices/device-pages.tsx';
import { editRoute } from '../../../lib/resource-routes.tsx';
import { devicesApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/devices/edit/$id')(editRoute(devicesApi, DeviceEditPage));
