import { type Device, formatDateTime } from '@kovanica/contract';
import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable, type Filter } from '../../components/data-table/index.ts';
import { EditRowLink } from '../../components/list-actions.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { useAccess } from '../../lib/access.ts';
import { devicesApi } from '../../lib/apis/devices.ts';
import { locationsApi } from '../../lib/apis/locations.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';

const f = (field: string) => `resources.devices.fields.${field}`;
/** The list is of the devices critical now, whatever the user filters on top. */
const CRITICAL = { critical: true } as const;

const dash = (
  <Text span c="dimmed" inherit>
    —
  </Text>
);

const since = (d: Device) => (d.state.criticalSince ? formatDateTime(d.state.criticalSince) : null);

const columns: readonly Column<Device>[] = [
  { key: 'name', label: f('name'), sortField: 'name', render: (d) => d.name, exportValue: (d) => d.name },
  { key: 'location', label: f('location'), render: (d) => d.locationName ?? dash, exportValue: (d) => d.locationName },
  {
    key: 'criticalCode',
    label: f('criticalCode'),
    render: (d) =>
      d.state.criticalCode ? (
        <Badge variant="filled" color="red.9" tt="none">
          {d.state.criticalCode}
        </Badge>
      ) : (
        dash
      ),
    exportValue: (d) => d.state.criticalCode,
  },
  { key: 'criticalSince', label: f('criticalSince'), render: (d) => since(d) ?? dash, exportValue: since },
];

const filters: readonly Filter[] = [
  { field: 'name', label: f('name'), kind: 'text' },
  {
    field: 'location',
    label: f('location'),
    kind: 'custom',
    render: (props) => <ReferenceSelect api={locationsApi} clearable {...props} />,
  },
];

/** `/devices/critical`: the devices whose logger reported a critical alarm that is not cleared yet. */
export function CriticalDevicesPage() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const { accountInfo } = useSession();
  const wide = viewOf(accountInfo) === 'all';
  const title = t('resources.devices.critical.title');

  return (
    <>
      <PageHeader title={title} subtitle={t('resources.devices.critical.text')} />
      <DataTable
        api={devicesApi}
        columns={columns}
        filters={filters}
        baseQuery={CRITICAL}
        title={title}
        emptyText={t('resources.devices.noDevices')}
        storageId={wide ? 'devices-critical-all' : 'devices-critical'}
        rowActions={
          can('devices.update')
            ? (device: Device) => (
                <EditRowLink to="/devices/edit/$id" id={device.id} label={t('resources.devices.editRow', { name: device.name })} />
              )
            : undefined
        }
      />
    </>
  );
}
