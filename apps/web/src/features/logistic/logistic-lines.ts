import { addDays, type LogisticReport, type LogisticRow } from '@kovanica/contract';

/** Days ahead within which a box counts as full soon: a visit should be planned. */
export const FULL_SOON_DAYS = 3;

/**
 * One line of the visit list. The figures of another group's line are null (a dash): money in for
 * saldo reducers, prizes out for prize devices, as the report is read per group.
 */
export interface LogisticLine extends Omit<LogisticRow, 'moneyInCents' | 'prizesOut'> {
  /** Unique in the table. */
  key: string;
  moneyInCents: number | null;
  prizesOut: number | null;
  /** Full already (today), within `FULL_SOON_DAYS`, or neither. */
  fullness: Fullness;
}

export type LogisticTotals = LogisticReport['totals'];

export type Fullness = 'today' | 'soon' | null;

/** How soon a box is full: `today` when its day has come, `soon` within `FULL_SOON_DAYS`. */
export function fullnessOf(fullOn: string | null, today: string): Fullness {
  if (fullOn === null) return null;
  if (fullOn <= today) return 'today';
  return fullOn <= addDays(today, FULL_SOON_DAYS) ? 'soon' : null;
}

/** The report's rows as lines, in the server's order (the visit list). */
export function logisticLinesOf(rows: readonly LogisticRow[], today: string): LogisticLine[] {
  return rows.map((row) => ({
    ...row,
    key: `${row.subject ?? '-'}|${row.group}`,
    moneyInCents: row.group === 'saldo_reducer' ? row.moneyInCents : null,
    prizesOut: row.group === 'prize_device' ? row.prizesOut : null,
    fullness: fullnessOf(row.fullOn, today),
  }));
}
