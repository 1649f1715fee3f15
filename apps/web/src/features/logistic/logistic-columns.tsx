import { type DeviceGroup, formatDate, type LogisticSubject } from '@kovanica/contract';
import { Group } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CellBadge, WARNING_COLOUR } from '../../components/data-table/cells.tsx';
import {
  countColumn,
  moneyColumn,
  nameColumn,
  noValue,
  percentColumn,
  type TotalsColumn,
  withoutTotal,
} from '../../components/report-table/index.ts';
import type { LogisticLine, LogisticTotals } from './logistic-lines.ts';

export type LogisticColumn = TotalsColumn<LogisticLine, LogisticTotals>;

const f = (field: string) => `resources.logistic.fields.${field}`;

/** Prizes paid out ÷ plays of a prize device, in %; null for other groups or without plays. */
const payoutPercent = (line: LogisticLine) => (line.payoutRatio === null ? null : line.payoutRatio * 100);

/**
 * The visit list's columns: what the line is (device and its location, or a location's devices of a
 * group), its range's plays and revenue, the saldo reducers' and prize devices' own figures (only
 * those of the chosen group when the report is narrowed to one), and the box: cash, days since
 * emptying, daily intake, capacity and the day it is full, which says in words when that is today
 * or within three days.
 */
/** `oneLocation`: the report is narrowed to a location, so each device's location goes without saying. */
export function useLogisticColumns(subject: LogisticSubject, group: DeviceGroup | undefined, oneLocation = false): LogisticColumn[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const none = t('resources.finance.none.location');
    const groupName = (l: LogisticLine) => t(`resources.devices.groups.${l.group}`);
    const name: LogisticColumn = nameColumn(`resources.finance.subjects.${subject}`, none);
    const location: LogisticColumn = {
      key: 'locationName',
      label: 'resources.finance.subjects.location',
      render: (l) => l.locationName ?? noValue,
      exportValue: (l) => l.locationName,
    };
    const groupColumn: LogisticColumn = {
      key: 'group',
      label: 'resources.devices.fields.group',
      render: groupName,
      exportValue: groupName,
    };
    const fullOn: LogisticColumn = {
      key: 'fullOn',
      label: f('fullOn'),
      align: 'right',
      render: (l) =>
        l.fullOn === null ? (
          noValue
        ) : (
          <Group gap={6} wrap="nowrap" justify="flex-end">
            {l.fullness && (
              <CellBadge size="sm" color={l.fullness === 'today' ? 'red.9' : WARNING_COLOUR}>
                {t(`resources.logistic.fullness.${l.fullness}`)}
              </CellBadge>
            )}
            {formatDate(l.fullOn)}
          </Group>
        ),
      exportValue: (l) => (l.fullOn === null ? null : formatDate(l.fullOn)),
    };
    const saldo = group === undefined || group === 'saldo_reducer';
    const prizes = group === undefined || group === 'prize_device';
    return [
      name,
      ...(subject === 'device' && !oneLocation ? [location] : []),
      ...(group === undefined ? [groupColumn] : []),
      ...(subject === 'location' ? [withoutTotal(countColumn('devices', f('devices')))] : []),
      countColumn('plays', f('plays')),
      moneyColumn('grossCents', f('grossCents'), { strong: true }),
      ...(saldo
        ? [
            withoutTotal(moneyColumn('moneyInCents', f('moneyInCents'))),
            withoutTotal(moneyColumn('paidOutCents', f('paidOutCents'))),
            withoutTotal(moneyColumn('netSaldoCents', f('netSaldoCents'))),
          ]
        : []),
      ...(prizes
        ? [
            withoutTotal(countColumn('prizesOut', f('prizesOut'))),
            withoutTotal(percentColumn<LogisticLine, LogisticLine>('payoutRatio', f('payoutRatio'), payoutPercent)),
            withoutTotal(countColumn('prizesLeft', f('prizesLeft'))),
            countColumn('prizesToRefill', f('prizesToRefill'), { strong: true }),
          ]
        : []),
      moneyColumn('cashInBoxCents', f('cashInBoxCents'), { strong: true }),
      withoutTotal(countColumn('daysSinceEmptying', f('daysSinceEmptying'))),
      withoutTotal(moneyColumn('dailyIntakeCents', f('dailyIntakeCents'))),
      withoutTotal(moneyColumn('capacityCents', f('capacityCents'), { defaultHidden: true })),
      fullOn,
    ];
  }, [t, subject, group, oneLocation]);
}
