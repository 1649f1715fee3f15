import { createFileRoute } from '@tanstack/react-router';
import { editRoute } from '../../../lib/resource-routes.tsx';

// The devices and commands features meet here: the device's page with its free ride and reset actions.
const loadDeviceEditRoute = async () => {
  const [{ DeviceEditPage }, { DeviceCommands }] = await Promise.all([
    import('../../../features/devices/device-pages.tsx'),
    import('../../../features/commands/device-commands.tsx'),
  ]);
  return ({ id }: { id: number }) => <DeviceEditPage id={id} stateActions={(device) => <DeviceCommands device={device} />} />;
};

export const Route = createFileRoute('/_app/devices/edit/$id')(editRoute('devices', loadDeviceEditRoute));
