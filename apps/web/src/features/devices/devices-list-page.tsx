import { deviceGroups, type Logger } from '@kovanica/contract';
import type { Filter } from '../../components/data-table/index.ts';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { ResourceList } from '../../components/resource-list.tsx';
import { devicesApi } from '../../lib/apis/devices.ts';
import { locationsApi } from '../../lib/apis/locations.ts';
import { loggersApi } from '../../lib/apis/loggers.ts';
import { tagsApi } from '../../lib/apis/tags.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
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
  const { accountInfo } = useSession();
  const wide = viewOf(accountInfo) === 'all';
  const columns = useDeviceColumns();
  return <ResourceList api={devicesApi} columns={columns} filters={filters} storageId={wide ? 'devices-all' : 'devices'} />;
}
