import type { Device } from '@kovanica/contract';
import { Box, Button } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EditPage, NewPage } from '../../components/resource-pages.tsx';
import { useAccess } from '../../lib/access.ts';
import { devicesApi } from '../../lib/apis/devices.ts';
import { DeviceForm } from './device-form.tsx';
import { DeviceLabelButton } from './device-qr-actions.tsx';
import { PlacementHistory } from './placement-history.tsx';
import { PrizeStockCard } from './prize-stock-card.tsx';
import { DeviceStateCard } from './state.tsx';

/** `/devices/new`. */
export const DeviceNewPage = () => (
  <NewPage api={devicesApi}>
    <DeviceForm />
  </NewPage>
);

/**
 * `/devices/edit/{id}`: its state, a prize device's prizes, the form and where it stood; its QR label. A worker may
 * edit but not delete. `stateActions` renders what the state card offers (the route passes the commands);
 * `moreSections`, cards of other features under the form (the route passes the machine audits).
 */
export function DeviceEditPage({
  id,
  stateActions,
  moreSections,
}: {
  id: number;
  stateActions?: (device: Device) => ReactNode;
  moreSections?: (device: Device) => ReactNode;
}) {
  const { t } = useTranslation();
  const { can, hasComponent, hasModule } = useAccess();
  // The prizes in a prize device come from the stock module's loads.
  const showsPrizes = (device: Device) => device.group === 'prize_device' && hasModule('stock') && can('movements.read');
  return (
    <EditPage
      api={devicesApi}
      id={id}
      subtitle={(device) => t(`resources.devices.groups.${device.group}`)}
      actions={(device) => (
        <>
          <DeviceLabelButton device={device} />
          {can('maintenance.read') && hasComponent('devices.maintenance') && (
            <Button
              variant="default"
              leftSection={<IconTool size={16} aria-hidden />}
              renderRoot={(props) => <Link to="/devices/maintenance/$id" params={{ id: String(device.id) }} {...props} />}
            >
              {t('resources.devices.maintenanceLink')}
            </Button>
          )}
        </>
      )}
    >
      {(device) => (
        <>
          <Box mb="md">
            <DeviceStateCard device={device} actions={stateActions?.(device)} />
          </Box>
          {showsPrizes(device) && (
            <Box mb="md">
              <PrizeStockCard device={device} />
            </Box>
          )}
          <DeviceForm key={device.id} device={device} />
          <Box mt="md">
            <PlacementHistory deviceId={device.id} />
          </Box>
          {moreSections?.(device)}
        </>
      )}
    </EditPage>
  );
}
