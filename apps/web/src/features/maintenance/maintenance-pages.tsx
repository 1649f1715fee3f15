import { Anchor } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { useAccess } from '../../lib/access.ts';
import { devicesApi } from '../../lib/apis/devices.ts';
import { MaintenanceList } from './maintenance-list.tsx';

const k = (key: string) => `resources.maintenance.${key}`;

/** `/devices/maintenance/{id}`: one device's maintenance records; the route's loader has read the device. */
export function DeviceMaintenancePage({ id }: { id: number }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const { data: device } = useSuspenseQuery(devicesApi.detail(id));
  const title = t(k('forDeviceTitle'), { name: device.name });
  return (
    <>
      <PageHeader
        title={title}
        subtitle={
          can('devices.update') ? (
            <Anchor renderRoot={(props) => <Link to="/devices/edit/$id" params={{ id: String(device.id) }} {...props} />}>
              {t(k('openDevice'))}
            </Anchor>
          ) : undefined
        }
      />
      <MaintenanceList mode="device" device={device} title={title} />
    </>
  );
}

/** `/devices-maintenance/device`: the records of the device picked in the filters (every device's until then). */
export function MaintenanceByDevicePage() {
  const { t } = useTranslation();
  const title = t(k('byDevice'));
  return (
    <>
      <PageHeader title={title} subtitle={t(k('byDeviceText'))} />
      <MaintenanceList mode="by-device" title={title} />
    </>
  );
}

/** `/devices-maintenance/range`: every device's records over a period. */
export function MaintenanceByPeriodPage() {
  const { t } = useTranslation();
  const title = t(k('byPeriod'));
  return (
    <>
      <PageHeader title={title} subtitle={t(k('byPeriodText'))} />
      <MaintenanceList mode="by-period" title={title} />
    </>
  );
}
