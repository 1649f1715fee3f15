import { billKinds, billPayments, billStatuses, type Device } from '@kovanica/contract';
import type { Filter } from '../../components/data-table/index.ts';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { devicesApi } from '../../lib/apis/devices.ts';
import { locationsApi } from '../../lib/apis/locations.ts';

const f = (field: string) => `bills.fields.${field}`;

/** Devices are told apart by their logger's IMEI where names repeat across locations. */
export const deviceLabel = (d: Device) => (d.imei ? `${d.name} (${d.imei})` : d.name);

export const statusFilter: Filter = {
  field: 'status',
  label: f('status'),
  kind: 'select',
  options: billStatuses.map((s) => ({ value: s, label: `bills.statuses.${s}` })),
};
export const kindFilter: Filter = {
  field: 'kind',
  label: f('kind'),
  kind: 'select',
  options: billKinds.map((k) => ({ value: k, label: `bills.kinds.${k}` })),
};
export const paymentFilter: Filter = {
  field: 'payment',
  label: f('payment'),
  kind: 'select',
  options: billPayments.map((p) => ({ value: p, label: `bills.payments.${p}` })),
};
export const deviceFilter: Filter = {
  field: 'device',
  label: f('device'),
  kind: 'custom',
  render: (props) => <ReferenceSelect api={devicesApi} optionLabel={deviceLabel} clearable {...props} />,
};
export const locationFilter: Filter = {
  field: 'location',
  label: f('location'),
  kind: 'custom',
  render: (props) => <ReferenceSelect api={locationsApi} clearable {...props} />,
};
/** Whole Zagreb days of the issue time (`issuedAt[after]`, `issuedAt[before]` in the URL). */
export const periodFilter: Filter = { field: 'issuedAt', label: 'bills.period', kind: 'date-range' };
