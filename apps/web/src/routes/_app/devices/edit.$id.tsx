import { createFileRoute } from '@tanstack/react-router';
import { editRoute } from '../../../lib/resource-routes.tsx';

// The devices, commands, planograms and machine audits features meet here: the device's page with its free
// ride and reset actions, and its planogram and audits under the form.
const loadDeviceEditRoute = async () => {
  const [{ DeviceEditPage }, { DeviceCommands }, { DeviceAuditsSection }, { PlanogramSection }] = await Promise.all([
    import('../../../features/devices/device-pages.tsx'),
    import('../../../features/commands/device-commands.tsx'),
    import('../../../features/machine-audits/device-audits-card.tsx'),
    import('../../../features/planograms/planogram-card.tsx'),
  ]);
  return ({ id }: { id: number }) => (
    <DeviceEditPage
      id={id}
      stateActions={(device) => <DeviceCommands device={device} />}
      moreSections={(device) => (
        <>
          <PlanogramSection device={device} />
          <DeviceAuditsSection device={device} />
        </>
      )}
    />
  );
};

export const Route = createFileRoute('/_app/devices/edit/$id')(editRoute('devices', loadDeviceEditRoute));
