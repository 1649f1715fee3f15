import { type Device, deviceGroups, type Logger } from '@kovanica/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import { DataTable, type Filter } from '../../components/data-table/index.ts';
import { EditRowLink, NewButton } from '../../components/list-actions.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { useAccess } from '../../lib/access.ts';
import { locationsApi, loggersApi, tagsApi } from '../../lib/resources.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { devicesApi } from './api.ts';
import { useDeviceColumns } from './columns.tsx';

const f = (field: string) => `resources.devices.fields.${field}`;
const imeiOf = (logger: Logger) => logger.imei;

/** The filters of the device list; relations are picked from their own lists (the API takes IRIs). */
const filters: readonly Filter[] = [
  { field: 'name', label: f('name'), kind: 'text' },
  {
    field: 'group',
    label: f('group'),
    kind: 'select',
    options: deviceGroups.map((g) => ({ value: g, label: `resources.devices.groups.${g}` })),
  },
  {
    field: 'location',
    label: f('location'),
    kind: 'custom',
    render: (props) => <ReferenceSelect api={locationsApi} clearable {...props} />,
  },
  {
    field: 'tags',
    label: 'resources.devices.tagFilter',
    kind: 'custom',
    render: (props) => <ReferenceSelect api={tagsApi} clearable {...props} />,
  },
  {
    field: 'logger',
    label: f('logger'),
    kind: 'custom',
    render: (props) => <ReferenceSelect api={loggersApi} optionLabel={imeiOf} searchField="imei" clearable {...props} />,
  },
  { field: 'critical', label: f('critical'), kind: 'boolean' },
  { field: 'serviceMode', label: f('serviceMode'), kind: 'boolean' },
];

/** `/devices/list`: the devices of the view. Workers may open and edit devices, not add or delete them. */
export function DevicesListPage() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const { accountInfo } = useSession();
  const wide = viewOf(accountInfo) === 'all';
  const columns = useDeviceColumns();
  const title = t('resources.devices.name');

  const rowActions = (device: Device) => (
    <>
      {can('devices.update') && (
        <EditRowLink to="/devices/edit/$id" id={device.id} label={t('resources.devices.editRow', { name: device.name })} />
      )}
      {can('devices.delete') && (
        <ConfirmDelete api={devicesApi} id={device.id} name={device.name} successMessage={t('resources.devices.deleted')} />
      )}
    </>
  );

  return (
    <>
      <PageHeader title={title} />
      <DataTable
        api={devicesApi}
        columns={columns}
        filters={filters}
        title={title}
        rowActions={can('devices.update') || can('devices.delete') ? rowActions : undefined}
        storageId={wide ? 'devices-all' : 'devices'}
        toolbar={can('devices.create') && <NewButton to="/devices/new">{t('resources.devices.new')}</NewButton>}
      />
    </>
  );
}
