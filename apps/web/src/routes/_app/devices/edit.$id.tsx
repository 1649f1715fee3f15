import { createFileRoute } from '@tanstack/react-router';
import { DeviceCommands } from '../../../features/commands/device-commands.tsx';
import { DeviceEditPage } from '../../../features/devices/device-pages.tsx';
import { editRoute } from '../../../lib/resource-routes.tsx';
import { devicesApi } from '../../../lib/resources.ts';

// The devices and commands features meet here: the device's page with its free ride and reset actions.
const DeviceEditRoute = ({ id }: { id: number }) => (
  <DeviceEditPage id={id} stateActions={(device) => <DeviceCommands device={device} />} />
);

export const Route = createFileRoute('/_app/devices/edit/$id')(editRoute(devicesApi, DeviceEditRoute));
