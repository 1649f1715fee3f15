import { type ComparativeSubject, formatMoney, formatPercent } from '@kovanica/contract';
import { Group } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countColumn, moneyColumn, nameColumn, noValue, type TotalsColumn } from '../../components/report-table/index.ts';
import { exportMoney } from '../../lib/export/table.ts';
import type { ComparativeLine, ComparedFigures } from './comparative-rows.ts';

/** A column of the comparison: a report column with a total; `sortField` when the server orders by it. */
export type ComparativeColumn = TotalsColumn<ComparativeLine, ComparedFigures>;

export const f = (field: string) => `resources.comparativeAnalysis.fields.${field}`;

/** `+1.234,56 €` or `-1.234,56 €` (a hyphen, as money has it): a change says its sign, so it reads without the colour. */
export const signedMoney = (cents: number) => (cents > 0 ? `+${formatMoney(cents)}` : formatMoney(cents));
// Two decimals always: a column of changes reads alike (`+0,50 %` beside `+1,14 %`, not `+0,5 %`).
export const signedPercent = (value: number) => (value > 0 ? `+${formatPercent(value, true)}` : formatPercent(value, true));

/** A change with its sign and an arrow; dark shades keep AA contrast in striped rows. */
export function Change({ value, children }: { value: number; children: ReactNode }) {
  if (value === 0) return <>{children}</>;
  const Icon = value > 0 ? IconArrowUpRight : IconArrowDownRight;
  return (
    <Group component="span" gap={2} wrap="nowrap" justify="flex-end" c={value > 0 ? 'teal.9' : 'red.9'} display="inline-flex">
      <Icon size={14} aria-hidden stroke={2.2} />
      {children}
    </Group>
  );
}

const changeCell = (cents: number) => <Change value={cents}>{signedMoney(cents)}</Change>;
const percentCell = (value: number | null) => (value === null ? noValue : <Change value={value}>{signedPercent(value)}</Change>);

/** The table's columns: the rank, who earned it, the two periods' revenue, the change and the change in percent. */
export function useComparativeColumns(subject: ComparativeSubject, wide: boolean): ComparativeColumn[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const none = t(`resources.comparativeAnalysis.none.${subject}`);
    const columns: ComparativeColumn[] = [
      { key: 'rank', label: f('rank'), align: 'right', render: (l) => l.rank, exportValue: (l) => l.rank },
      nameColumn(f(subject), none, { sortField: 'name' }),
    ];
    // In the All Companies view two companies' lines may share a name.
    if (wide) columns.push({ key: 'company', label: f('company'), render: (l) => l.companyName, exportValue: (l) => l.companyName });
    columns.push(
      { ...moneyColumn('currentCents', f('currentCents'), { strong: true }), sortField: 'currentCents' },
      { ...moneyColumn('previousCents', f('previousCents')), sortField: 'previousCents' },
      {
        key: 'changeCents',
        label: f('changeCents'),
        align: 'right',
        sortField: 'changeCents',
        render: (l) => changeCell(l.changeCents),
        exportValue: (l) => exportMoney(l.changeCents),
        total: { render: (s) => changeCell(s.changeCents), exportValue: (s) => exportMoney(s.changeCents) },
      },
      {
        key: 'changePercent',
        label: f('changePercent'),
        align: 'right',
        sortField: 'changePercent',
        render: (l) => percentCell(l.changePercent),
        exportValue: (l) => l.changePercent,
        total: { render: (s) => percentCell(s.changePercent), exportValue: (s) => s.changePercent },
      },
      countColumn('currentPlays', f('currentPlays'), { defaultHidden: true }),
      countColumn('previousPlays', f('previousPlays'), { defaultHidden: true }),
    );
    return columns;
  }, [t, subject, wide]);
}
