import type { Device } from '@kovanica/contract';
import type { Filter } from '../../components/data-table/index.ts';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { devicesApi } from '../../lib/apis/devices.ts';

/** A device's name in the pickers; its IMEI, when it has a logger, tells two equally named devices apart. */
export const deviceLabel = (d: Device) => (d.imei ? `${d.name} (${d.imei})` : d.name);

interface HistoryFilters {
  /** The i18n stem of the screen's resource, e.g. `resources.emptyings`. */
  stem: string;
  /** The time the period filters on (`startedAt`, `at`). */
  time: string;
  /** The screen's own filters, after the device. */
  extra?: Filter[];
}

/**
 * The filters every device history has: the device (picked from the device list, sent as its IRI) and
 * the period, whole Europe/Zagreb days.
 */
export function historyFilters({ stem, time, extra = [] }: HistoryFilters): Filter[] {
  return [
    {
      field: 'device',
      label: `${stem}.fields.device`,
      kind: 'custom',
      render: (props) => <ReferenceSelect api={devicesApi} optionLabel={deviceLabel} clearable {...props} />,
    },
    ...extra,
    { field: time, label: `${stem}.period`, kind: 'date-range' },
  ];
}
