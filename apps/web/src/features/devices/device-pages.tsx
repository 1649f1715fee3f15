import { Box, Button, Group } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useAccess } from '../../lib/access.ts';
import { loggersApi } from '../../lib/resources.ts';
import { devicesApi } from './api.ts';
import { DeviceForm } from './device-form.tsx';
import { PlacementHistory } from './placement-history.tsx';
import { DeviceStateCard } from './state.tsx';

/** `/devices/new`. */
export function DeviceNewPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('resources.devices.new')} />
      <DeviceForm />
    </>
  );
}

/** `/devices/edit/{id}`; the route's loader has read the device. A worker may edit but not delete. */
export function DeviceEditPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can, hasComponent } = useAccess();
  const { data: device } = useSuspenseQuery(devicesApi.detail(id));
  return (
    <>
      <PageHeader
        title={t('resources.devices.edit', { name: device.name })}
        subtitle={t(`resources.devices.groups.${device.group}`)}
        actions={
          <Group gap="sm">
            {can('maintenance.read') && hasComponent('devices.maintenance') && (
              <Button
                variant="default"
                leftSection={<IconTool size={16} aria-hidden />}
                renderRoot={(props) => <Link to="/devices/maintenance/$id" params={{ id: String(device.id) }} {...props} />}
              >
                {t('resources.devices.maintenanceLink')}
              </Button>
            )}
            {can('devices.delete') && (
              <ConfirmDelete
                api={devicesApi}
                id={device.id}
                name={device.name}
                variant="button"
                successMessage={t('resources.devices.deleted')}
                onDeleted={() => void navigate({ to: '/devices/list', ignoreBlocker: true })}
              />
            )}
          </Group>
        }
      />
      <Box mb="md">
        <DeviceStateCard device={device} />
      </Box>
      <DeviceForm key={device.id} device={device} />
      <Box mt="md">
        <PlacementHistory deviceId={device.id} />
      </Box>
    </>
  );
}
