import {
  type Alarm,
  type AlarmKind,
  type AlarmStatus,
  alarmFieldsDescription,
  formatDate,
  formatDateTime,
  formatMoney,
  formatTime,
  parseIri,
} from '@kovanica/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type BadgeColour,
  below,
  CellBadge,
  code,
  dash,
  linkClass,
  nowrap,
  strong,
  WARNING_COLOUR,
  wrapName,
} from '../../components/data-table/cells.tsx';
import { type Column, describedColumns } from '../../components/data-table/index.ts';
import { RowLink } from '../../components/list-actions.tsx';
import { useAccess } from '../../lib/access.ts';
import { alarmFigureText } from './figure.ts';

const k = (key: string) => `resources.alarms.${key}`;

/** A machine that stopped or a legal deadline in red, what is filling up or running out in the warning colour. */
const kindColours: Record<AlarmKind, BadgeColour> = {
  device_critical: 'red.9',
  device_offline: 'gray.8',
  machine_event: 'grape.9',
  cash_box_full: WARNING_COLOUR,
  prize_stock_low: WARNING_COLOUR,
  deposit_difference: 'blue.9',
  bill_deadline: 'red.9',
  lessor_contract_ending: 'indigo.8',
};

/** Outlined, so a row's status does not compete with its kind: nobody on it in red, someone on it in blue. */
const statusColours: Record<AlarmStatus, BadgeColour> = { open: 'red.9', acknowledged: 'blue.9', resolved: 'teal.9' };

/** Who acknowledged an alarm, and when: "Marko Horvat, 06.12.2026 14:03". */
const acknowledgement = (a: Alarm) => (a.acknowledgedAt ? `${a.acknowledgedByName ?? '–'}, ${formatDateTime(a.acknowledgedAt)}` : null);

/** An instant as its day over its time: the narrow columns leave the room to the device and the location. */
const dayOverTime = (value: string | null) =>
  value === null ? (
    dash
  ) : (
    <>
      {nowrap(formatDate(value))}
      {below(formatTime(value))}
    </>
  );

/**
 * The columns of the alarm lists, as the contract describes them (`alarmFieldsDescription`), with the
 * cells their kind cannot draw: the kind as a badge with its figure in words under it, the device as
 * a link to its page (a lessor's contract names the lessor there, a bill without a device links the
 * bill), the status with who acknowledged it. The open list has no "resolved at"; the history hides
 * what an hour costs until it is chosen (a resolved alarm costs nothing).
 */
export function useAlarmColumns(list: 'open' | 'history'): Column<Alarm>[] {
  const { t } = useTranslation();
  const access = useAccess();
  const opensDevices = access.can('devices.update') && access.hasModule('devices');
  const opensBills = access.can('bills.read') && access.hasModule('bills');
  return useMemo(() => {
    const figure = (a: Alarm) => alarmFigureText(a, t);
    const columns = describedColumns<Alarm>(alarmFieldsDescription, t, {
      // A phone's card (below 48em): the device, the kind and its figure, where, since when, what an
      // hour costs, and who is on it.
      kind: {
        card: 'badge',
        render: (a) => (
          <>
            <CellBadge color={kindColours[a.kind]}>{t(k(`kinds.${a.kind}`))}</CellBadge>
            {figure(a) !== null && below(a.kind === 'device_critical' ? code(a.code) : figure(a))}
          </>
        ),
        exportAlso: [{ label: k('fields.figure'), exportValue: figure }],
      },
      deviceName: {
        card: 'title',
        phoneMinWidth: '6rem',
        render: (a) => {
          const id = a.device ? parseIri('devices', a.device) : null;
          if (a.deviceName && id !== null && opensDevices)
            return (
              <RowLink to="/devices/edit/$id" id={id} className={linkClass}>
                {wrapName(a.deviceName)}
              </RowLink>
            );
          if (a.deviceName) return strong(wrapName(a.deviceName));
          // A bill issued by hand is about no device: its page is a click away.
          const bill = a.bill ? parseIri('bills', a.bill) : null;
          if (bill !== null && opensBills)
            return (
              <RowLink to="/bills/$id" id={bill} className={linkClass}>
                {t(k('openBill'))}
              </RowLink>
            );
          // A lessor's contract is about no device: the lessor is named in its place.
          if (a.lessorName)
            return (
              <>
                {strong(a.lessorName)}
                {below(t(k('fields.lessorName')))}
              </>
            );
          return dash;
        },
        exportAlso: [{ label: k('fields.lessorName'), exportValue: (a) => a.lessorName }],
      },
      locationName: { card: 'subtitle' },
      raisedAt: { render: (a) => dayOverTime(a.raisedAt), card: 'figure' },
      resolvedAt: { render: (a) => dayOverTime(a.resolvedAt), card: 'figure' },
      lossCentsPerHour: { render: (a) => (a.lossCentsPerHour === 0 ? dash : nowrap(formatMoney(a.lossCentsPerHour))), card: 'figure' },
      status: {
        card: 'figure',
        render: (a) => (
          <>
            <CellBadge color={statusColours[a.status]} variant="outline">
              {t(k(`statuses.${a.status}`))}
            </CellBadge>
            {acknowledgement(a) && below(acknowledgement(a))}
            {a.escalatedAt && a.status === 'open' && below(t(k('escalated'), { time: formatTime(a.escalatedAt) }))}
          </>
        ),
        exportAlso: [
          { label: k('fields.acknowledgedByName'), exportValue: (a) => a.acknowledgedByName },
          { label: k('fields.acknowledgedAt'), exportValue: (a) => (a.acknowledgedAt ? formatDateTime(a.acknowledgedAt) : null) },
          { label: k('fields.escalatedAt'), exportValue: (a) => (a.escalatedAt ? formatDateTime(a.escalatedAt) : null) },
        ],
      },
    });
    if (list === 'open') return columns.filter((c) => c.key !== 'resolvedAt');
    return columns.map((c) => (c.key === 'lossCentsPerHour' ? { ...c, defaultHidden: true, sortField: undefined } : c));
  }, [t, list, opensDevices, opensBills]);
}
