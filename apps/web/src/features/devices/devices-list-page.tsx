import { type Device, deviceFieldsDescription, type Logger } from '@kovanica/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describedFilters } from '../../components/data-table/index.ts';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { ResourceList } from '../../components/resource-list.tsx';
import { devicesApi } from '../../lib/apis/devices.ts';
import { locationsApi } from '../../lib/apis/locations.ts';
import { loggersApi } from '../../lib/apis/loggers.ts';
import { tagsApi } from '../../lib/apis/tags.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { DeviceBulkMenu, useBulkActions } from './bulk-actions.tsx';
import { useDeviceColumns } from './columns.tsx';
import { DeviceLabelsButton, ScanDeviceButton } from './device-qr-actions.tsx';

const imeiOf = (logger: Logger) => logger.imei;

/** The filters of the device list; relations are picked from their own lists (the API takes IRIs). */
const filters = describedFilters(deviceFieldsDescription, {
  location: { render: (props) => <ReferenceSelect api={locationsApi} clearable {...props} /> },
  tags: { label: 'resources.devices.tagFilter', render: (props) => <ReferenceSelect api={tagsApi} clearable {...props} /> },
  logger: { render: (props) => <ReferenceSelect api={loggersApi} optionLabel={imeiOf} searchField="imei" clearable {...props} /> },
});

/**
 * `/devices/list`: the devices of the view. Workers may open and edit devices, not add or delete them.
 * Who may apply an action to many devices selects rows and picks it from "Bulk actions". "QR labels"
 * prints the selected devices' labels, or the filtered list's; "Scan a device" opens one by its label.
 */
export function DevicesListPage() {
  const { t } = useTranslation();
  const { accountInfo } = useSession();
  const wide = viewOf(accountInfo) === 'all';
  const columns = useDeviceColumns();
  const actions = useBulkActions();
  const [selected, setSelected] = useState<Device[]>([]);
  const bulk = actions.length > 0;
  return (
    <ResourceList
      api={devicesApi}
      columns={columns}
      filters={filters}
      storageId={wide ? 'devices-all' : 'devices'}
      toolbar={
        <>
          <ScanDeviceButton />
          <DeviceLabelsButton selected={selected} />
          {bulk && <DeviceBulkMenu selected={selected} actions={actions} />}
        </>
      }
      selectable={bulk ? () => true : undefined}
      onSelectionChange={setSelected}
      selectLabel={(d) => t('resources.devices.bulk.selectRow', { name: d.name })}
    />
  );
}
