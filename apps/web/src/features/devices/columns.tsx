import { type Device, deviceFieldsDescription } from '@kovanica/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CellBadge, code, dash } from '../../components/data-table/cells.tsx';
import { type Column, describedColumns } from '../../components/data-table/index.ts';
import { DeviceStateBadges, stateText } from '../../components/device-state.tsx';
import { TagBadges, tagNames } from '../../components/tag-badge.tsx';

/**
 * The columns of the device list, as the contract describes them (`deviceFieldsDescription`), with the
 * cells their kind cannot draw; the table adds the company column in the All Companies view.
 */
export function useDeviceColumns(): Column<Device>[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const applied = (d: Device) => t(d.fiscalizeApplied ? 'resources.devices.yes' : 'resources.devices.no');
    return describedColumns<Device>(deviceFieldsDescription, t, {
      // A phone's card (below 48em): the name and its state, where it stands, what its box holds and how full.
      name: { card: 'title' },
      locationName: { card: 'subtitle' },
      cashInBoxCents: { card: 'figure' },
      lastEmptiedAt: { card: 'figure' },
      imei: { render: (d) => code(d.imei) },
      // A percent of the box's capacity; none without a capacity (the file keeps the number).
      fillPercent: { render: (d) => (d.state.fillPercent === null ? dash : `${d.state.fillPercent} %`), card: 'figure' },
      status: { render: (d) => <DeviceStateBadges state={d.state} />, exportValue: (d) => stateText(d.state, t), card: 'badge' },
      tags: { render: (d) => <TagBadges tags={d.tagLabels} />, exportValue: (d) => tagNames(d.tagLabels) },
      // A setting, like the token value: on the device's page; the list keeps to its state (1280 px).
      fiscalizeApplied: {
        render: (d) => (
          <CellBadge variant="dot" color={d.fiscalizeApplied ? 'teal.9' : 'gray.7'}>
            {applied(d)}
          </CellBadge>
        ),
        exportValue: applied,
      },
    });
  }, [t]);
}
