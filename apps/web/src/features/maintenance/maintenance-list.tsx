import { formatDate, formatMoney, type Maintenance, maintenanceTypes } from '@kovanica/contract';
import { ActionIcon, Button, Text } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import { dash } from '../../components/data-table/cells.tsx';
import { type Column, DataTable, type Filter } from '../../components/data-table/index.ts';
import { lazyModal } from '../../components/lazy-modal.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { RowTooltip } from '../../components/row-tooltip.tsx';
import { useAccess } from '../../lib/access.ts';
import { devicesApi } from '../../lib/apis/devices.ts';
import { exportMoney } from '../../lib/export/table.ts';
import { useListSearch } from '../../lib/list-state.ts';
import { maintenanceApi } from './api.ts';
import type { MaintenanceDevice } from './maintenance-form.tsx';

/** The record's form loads when it is first opened (the list's first paint without the form kit). */
const MaintenanceModal = lazyModal(
  () => import('./maintenance-form.tsx').then((m) => m.MaintenanceModal),
  (p) => p.opened,
);

const k = (key: string) => `resources.maintenance.${key}`;
const f = (field: string) => k(`fields.${field}`);

/**
 * Which list: one device's records (`device` given), the records of a device picked in the filters,
 * or every device's over a period.
 */
export type MaintenanceListMode = 'device' | 'by-device' | 'by-period';

const typeFilter: Filter = {
  field: 'type',
  label: f('type'),
  kind: 'select',
  options: maintenanceTypes.map((type) => ({ value: type, label: k(`types.${type}`) })),
};
const deviceFilter: Filter = {
  field: 'device',
  label: f('device'),
  kind: 'custom',
  render: (props) => <ReferenceSelect api={devicesApi} clearable {...props} />,
};
const periodFilter: Filter = { field: 'date', label: k('period'), kind: 'date-range' };

const filtersOf: Record<MaintenanceListMode, readonly Filter[]> = {
  device: [periodFilter, typeFilter],
  'by-device': [deviceFilter, typeFilter],
  'by-period': [periodFilter, deviceFilter, typeFilter],
};

function useMaintenanceColumns(withDevice: boolean): Column<Maintenance>[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const columns: Column<Maintenance>[] = [
      {
        key: 'date',
        label: f('date'),
        sortField: 'date',
        render: (r) => (
          <Text span inherit style={{ whiteSpace: 'nowrap' }}>
            {formatDate(r.date)}
          </Text>
        ),
        exportValue: (r) => formatDate(r.date),
      },
      { key: 'device', label: f('device'), render: (r) => r.deviceName, exportValue: (r) => r.deviceName },
      {
        key: 'type',
        label: f('type'),
        render: (r) => t(k(`types.${r.type}`)),
        exportValue: (r) => t(k(`types.${r.type}`)),
      },
      {
        key: 'description',
        label: f('description'),
        render: (r) => (
          <Text span inherit style={{ whiteSpace: 'pre-line' }}>
            {r.description}
          </Text>
        ),
        exportValue: (r) => r.description,
      },
      {
        key: 'costCents',
        label: f('costCents'),
        sortField: 'costCents',
        align: 'right',
        render: (r) => (
          <Text span inherit style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(r.costCents)}
          </Text>
        ),
        // Exports keep amounts as numbers (euros) so a spreadsheet can add them up.
        exportValue: (r) => exportMoney(r.costCents),
      },
      {
        key: 'performedBy',
        label: f('performedBy'),
        render: (r) => r.performedByName ?? dash,
        exportValue: (r) => r.performedByName,
      },
    ];
    return withDevice ? columns : columns.filter((c) => c.key !== 'device');
  }, [t, withDevice]);
}

interface MaintenanceListProps {
  mode: MaintenanceListMode;
  /** The device of a device's own page (`mode: 'device'`). */
  device?: MaintenanceDevice;
  title: string;
}

/**
 * The one list of maintenance records, under `/devices/maintenance/{id}`, `/devices-maintenance/device`
 * and `/devices-maintenance/range`: newest first, with a new record and edit and delete per row where
 * the role may.
 */
export function MaintenanceList({ mode, device, title }: MaintenanceListProps) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const [search] = useListSearch();
  const columns = useMaintenanceColumns(mode !== 'device');
  const baseQuery = useMemo(() => (device ? { device: device['@id'] } : undefined), [device]);
  // The modal: closed, a new record, or a row being edited.
  const [editing, setEditing] = useState<{ opened: boolean; record?: Maintenance }>({ opened: false });
  const close = useCallback(() => setEditing((e) => ({ ...e, opened: false })), []);
  const pickedDevice = typeof search.device === 'string' ? search.device : null;

  const rowName = (r: Maintenance) => t(k('rowName'), { device: r.deviceName, date: formatDate(r.date) });
  const rowActions =
    can('maintenance.update') || can('maintenance.delete')
      ? (r: Maintenance) => (
          <>
            {can('maintenance.update') && (
              <RowTooltip label={t(k('editRow'), { name: rowName(r) })}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t(k('editRow'), { name: rowName(r) })}
                  onClick={() => setEditing({ opened: true, record: r })}
                >
                  <IconPencil size={18} aria-hidden />
                </ActionIcon>
              </RowTooltip>
            )}
            {can('maintenance.delete') && <ConfirmDelete api={maintenanceApi} id={r.id} name={rowName(r)} />}
          </>
        )
      : undefined;

  return (
    <>
      <DataTable
        api={maintenanceApi}
        columns={columns}
        filters={filtersOf[mode]}
        baseQuery={baseQuery}
        title={title}
        storageId={`maintenance-${mode}`}
        emptyText={t(k('empty'))}
        rowActions={rowActions}
        toolbar={
          can('maintenance.create') && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ opened: true })}>
              {t(k('new'))}
            </Button>
          )
        }
      />
      <MaintenanceModal
        opened={editing.opened}
        onClose={close}
        record={editing.record}
        device={device}
        initialDevice={mode === 'by-device' ? pickedDevice : null}
      />
    </>
  );
}
