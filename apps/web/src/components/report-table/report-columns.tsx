import { formatCount, formatMoney, formatShare } from '@kovanica/contract';
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { exportMoney } from '../../lib/export/table.ts';
import type { ExportCell } from '../data-table/index.ts';
import type { ReportColumn } from './report-table.tsx';

/** A report column with a cell in the totals row (absent: the totals' cell stays empty). */
export interface TotalsColumn<L, T> extends ReportColumn<L> {
  total?: { render: (totals: T) => ReactNode; exportValue: (totals: T) => ExportCell };
}

/** What a report shows for a figure that has no value (an average of no plays, a share of nothing). */
export const noValue = (
  <Text span c="dimmed" inherit>
    –
  </Text>
);

/**
 * The column that names a report's line: its subject's name, or `none` in italics for the line of
 * what has no subject (devices standing nowhere, locations without a lessor).
 */
export function nameColumn<L extends { name: string | null }, T>(
  label: string,
  none: string,
  options: Pick<TotalsColumn<L, T>, 'rowHeader' | 'sortField'> = {},
): TotalsColumn<L, T> {
  return {
    key: 'name',
    label,
    rowHeader: true,
    ...options,
    render: (l) =>
      l.name ?? (
        <Text span c="dimmed" inherit fs="italic">
          {none}
        </Text>
      ),
    exportValue: (l) => l.name ?? none,
  };
}

interface FigureOptions {
  /** Bold: the figure the report is about (revenue, EBITDA). */
  strong?: boolean;
  /** Hidden until the user shows it in the column chooser. */
  defaultHidden?: boolean;
}

type Figures<K extends string> = Record<K, number | null>;

/** A figure column of lines and totals that carry the same field; null shows as a dash, exports empty. */
function figureColumn<K extends string>(
  field: K,
  label: string,
  show: (value: number) => string,
  exportValue: (value: number | null) => ExportCell,
  { strong = false, defaultHidden }: FigureOptions,
): TotalsColumn<Figures<K>, Figures<K>> {
  const cell = (value: number | null) =>
    value === null ? (
      noValue
    ) : strong ? (
      <Text span fw={700} inherit>
        {show(value)}
      </Text>
    ) : (
      show(value)
    );
  return {
    key: field,
    label,
    align: 'right',
    defaultHidden,
    render: (line) => cell(line[field]),
    exportValue: (line) => exportValue(line[field]),
    total: { render: (totals) => cell(totals[field]), exportValue: (totals) => exportValue(totals[field]) },
  };
}

/** Euro cents shown as `1.234,56 €`, exported as euros (a number a spreadsheet adds up). `label` is an i18n key. */
export const moneyColumn = <K extends string>(field: K, label: string, options: FigureOptions = {}) =>
  figureColumn(field, label, formatMoney, exportMoney, options);

/** A count (plays, tokens) shown as `12.345`, exported as a number. */
export const countColumn = <K extends string>(field: K, label: string, options: FigureOptions = {}) =>
  figureColumn(field, label, formatCount, (value) => value, options);

/** The column without a cell in the totals row: a figure of each line that the totals do not carry (a box's capacity). */
export function withoutTotal<L, T>(column: TotalsColumn<L, T>): TotalsColumn<L, unknown> {
  const { total: _total, ...line } = column;
  return line;
}

/** `part` as a percentage of `whole` (`23,45 %`), or null when the whole is nothing (no revenue: no share of it). */
export function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 100 : null;
}

/**
 * A ratio of two figures of the same line (tokens' share of revenue, EBITDA margin) as a percentage, the
 * totals' ratio of the totals; a dash where the whole is nothing.
 */
export function percentColumn<L, T>(key: string, label: string, ratio: (figures: L | T) => number | null): TotalsColumn<L, T> {
  const cell = (value: number | null) => (value === null ? noValue : formatShare(value));
  return {
    key,
    label,
    align: 'right',
    render: (line) => cell(ratio(line)),
    exportValue: (line) => ratio(line),
    total: { render: (totals) => cell(ratio(totals)), exportValue: (totals) => ratio(totals) },
  };
}
