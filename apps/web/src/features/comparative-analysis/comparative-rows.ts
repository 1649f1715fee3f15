import type { ComparativeAnalysis, ComparativeRow } from '@kovanica/contract';

/** The figures of a line and of the totals (money in cents, plays as counts, the change in percent or null). */
export type ComparedFigures = ComparativeAnalysis['totals'];

/** One line of the table: a device, location or lessor of a company, as the server ranks it. */
export interface ComparativeLine extends ComparativeRow {
  /** Unique in the table: the subject (none for the lines without one) of its company. */
  key: string;
}

const keyOf = (row: ComparativeRow) => `${row.subject ?? 'none'}|${row.company}`;

/** The report's rows as lines, in the server's order. */
export function linesOf(rows: readonly ComparativeRow[]): ComparativeLine[] {
  return rows.map((row) => ({ ...row, key: keyOf(row) }));
}

/**
 * The largest changes, up or down, of all lines: from the lines that grew most and those that shrank
 * most (each a first page of the report ordered by the change), by the size of the change, a line
 * once, lines that did not change left out.
 */
export function largestChanges(grown: readonly ComparativeRow[], shrunk: readonly ComparativeRow[], count = 10): ComparativeLine[] {
  const byKey = new Map<string, ComparativeLine>();
  for (const row of [...grown, ...shrunk]) if (row.changeCents !== 0) byKey.set(keyOf(row), { ...row, key: keyOf(row) });
  return [...byKey.values()]
    .sort((a, b) => Math.abs(b.changeCents) - Math.abs(a.changeCents) || a.key.localeCompare(b.key))
    .slice(0, count);
}

/**
 * The chart's axis over some changes (cents): from zero or below to zero or above, in four or five
 * round steps (`-30.000 … 10.000`), so a bar's length reads against whole euros.
 */
export function axisOf(values: readonly number[]): { domain: [number, number]; ticks: number[] } {
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  if (hi === lo) return { domain: [0, 0], ticks: [0] };
  const rough = (hi - lo) / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude;
  const start = Math.floor(lo / step) * step;
  const end = Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  for (let tick = start; tick <= end + step / 2; tick += step) ticks.push(Math.round(tick));
  return { domain: [start, end], ticks };
}
