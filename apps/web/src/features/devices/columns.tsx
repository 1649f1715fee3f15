import { type Device, formatDate, formatDateTime, formatMoney } from '@kovanica/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CellBadge, code, dash } from '../../components/data-table/cells.tsx';
import type { Column } from '../../components/data-table/index.ts';
import { DeviceStateBadges, stateText } from '../../components/device-state.tsx';
import { TagBadges, tagNames } from '../../components/tag-badge.tsx';

const f = (field: string) => `resources.devices.fields.${field}`;

/** The columns of the device list (the table adds the company column in the All Companies view). */
export function useDeviceColumns(): Column<Device>[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const group = (d: Device) => t(`resources.devices.groups.${d.group}`);
    const applied = (d: Device) => t(d.fiscalizeApplied ? 'resources.devices.yes' : 'resources.devices.no');
    const columns: Column<Device>[] = [
      { key: 'name', label: f('name'), sortField: 'name', render: (d) => d.name, exportValue: (d) => d.name },
      { key: 'group', label: f('group'), sortField: 'group', render: group, exportValue: group },
      { key: 'imei', label: f('imei'), render: (d) => code(d.imei), exportValue: (d) => d.imei },
      { key: 'location', label: f('location'), render: (d) => d.locationName ?? dash, exportValue: (d) => d.locationName },
      {
        key: 'status',
        label: f('status'),
        render: (d) => <DeviceStateBadges state={d.state} />,
        exportValue: (d) => stateText(d.state, t),
      },
      {
        key: 'cashInBoxCents',
        label: f('cashInBoxCents'),
        align: 'right',
        render: (d) => formatMoney(d.state.cashInBoxCents),
        exportValue: (d) => d.state.cashInBoxCents / 100,
      },
      {
        key: 'tokensInBox',
        label: f('tokensInBox'),
        align: 'right',
        render: (d) => d.state.tokensInBox,
        exportValue: (d) => d.state.tokensInBox,
      },
      {
        key: 'lastEmptiedAt',
        label: f('lastEmptiedAt'),
        render: (d) => (d.state.lastEmptiedAt ? formatDateTime(d.state.lastEmptiedAt) : dash),
        exportValue: (d) => (d.state.lastEmptiedAt ? formatDateTime(d.state.lastEmptiedAt) : null),
      },
      {
        key: 'playPriceCents',
        label: f('playPriceCents'),
        sortField: 'playPriceCents',
        align: 'right',
        render: (d) => formatMoney(d.playPriceCents),
        // Exports keep amounts as numbers (euros) so a spreadsheet can add them up.
        exportValue: (d) => d.playPriceCents / 100,
      },
      {
        key: 'tokenValueCents',
        label: f('tokenValueCents'),
        align: 'right',
        // A setting seen on the device's page; the list makes room for the state columns.
        defaultHidden: true,
        render: (d) => formatMoney(d.tokenValueCents),
        exportValue: (d) => d.tokenValueCents / 100,
      },
      {
        key: 'cashBoxCapacityCents',
        label: f('cashBoxCapacityCents'),
        align: 'right',
        defaultHidden: true,
        render: (d) => (d.cashBoxCapacityCents === null ? dash : formatMoney(d.cashBoxCapacityCents)),
        exportValue: (d) => (d.cashBoxCapacityCents === null ? null : d.cashBoxCapacityCents / 100),
      },
      { key: 'tags', label: f('tags'), render: (d) => <TagBadges tags={d.tagLabels} />, exportValue: (d) => tagNames(d.tagLabels) },
      {
        key: 'fiscalizeApplied',
        label: f('fiscalizeApplied'),
        // A setting, like the token value: on the device's page; the list keeps to its state (1280 px).
        defaultHidden: true,
        render: (d) => (
          <CellBadge variant="dot" color={d.fiscalizeApplied ? 'teal.9' : 'gray.7'}>
            {applied(d)}
          </CellBadge>
        ),
        exportValue: applied,
      },
      {
        key: 'createdAt',
        label: f('createdAt'),
        sortField: 'createdAt',
        defaultHidden: true,
        render: (d) => formatDate(d.createdAt),
        exportValue: (d) => formatDateTime(d.createdAt),
      },
    ];
    return columns;
  }, [t]);
}
