import type { RevenueReport, RevenueRow } from '@kovanica/contract';

export type { RevenueGrouping } from '@kovanica/contract';

/** The figures of a report line and of the totals: money parts, counts and the average per play. */
export type RevenueParts = RevenueReport['totals'];

/** One line of the report table, per device (at a location) or per location, as the server sends it. */
export interface RevenueLine extends RevenueRow {
  /** Unique in the table. */
  key: string;
}

/** The report's rows as lines, in the server's order. */
export function linesOf(rows: readonly RevenueRow[]): RevenueLine[] {
  return rows.map((row) => ({ ...row, key: `${row.device ?? 'location'}|${row.location ?? ''}` }));
}
