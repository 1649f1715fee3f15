import type { RevenueReport, RevenueRow } from '@kovanica/contract';

/** The figures of a report line and of the totals: money parts, counts and the average per play. */
export type RevenueParts = RevenueReport['totals'];

/** How the report's lines are cut: a line per device (and location it stood at), or per location. */
export const revenueGroupings = ['device', 'location'] as const;
export type RevenueGrouping = (typeof revenueGroupings)[number];

/** One line of the report table, per device or per location. */
export interface RevenueLine extends RevenueParts {
  /** Unique in the table. */
  key: string;
  /** Null on a line per location. */
  device: string | null;
  deviceName: string | null;
  location: string | null;
  locationName: string | null;
  /** How many devices the line adds up (1 on a line per device). */
  devices: number;
}

/** The parts that add up; the average does not, it is worked out again from the sums. */
const summed = [
  'coinsCents',
  'notesCents',
  'cashlessCents',
  'cardCents',
  'tokens',
  'tokensCents',
  'revenueCents',
  'plays',
  'freeRides',
  'testPlays',
] as const satisfies readonly (keyof RevenueParts)[];

/** Revenue ÷ plays rounded to the cent, null without plays: the server's rule for a row. */
export function averagePerPlay(revenueCents: number, plays: number): number | null {
  return plays > 0 ? Math.round(revenueCents / plays) : null;
}

/** The report's own rows as lines, in the server's order (largest revenue first). */
export function deviceLines(rows: readonly RevenueRow[]): RevenueLine[] {
  return rows.map((row) => ({ ...row, key: `${row.device}|${row.location ?? ''}`, devices: 1 }));
}

/**
 * A line per location: the parts of its devices summed, the average per play recomputed, devices
 * counted once each. Devices without a location share one line. Largest revenue first, then by name.
 */
export function locationLines(rows: readonly RevenueRow[]): RevenueLine[] {
  const byLocation = new Map<string, { line: RevenueLine; devices: Set<string> }>();
  for (const row of rows) {
    const key = row.location ?? '';
    let entry = byLocation.get(key);
    if (!entry) {
      const line: RevenueLine = {
        key: `location|${key}`,
        device: null,
        deviceName: null,
        location: row.location,
        locationName: row.locationName,
        devices: 0,
        coinsCents: 0,
        notesCents: 0,
        cashlessCents: 0,
        cardCents: 0,
        tokens: 0,
        tokensCents: 0,
        revenueCents: 0,
        plays: 0,
        averagePerPlayCents: null,
        freeRides: 0,
        testPlays: 0,
      };
      entry = { line, devices: new Set() };
      byLocation.set(key, entry);
    }
    for (const part of summed) entry.line[part] += row[part];
    entry.devices.add(row.device);
  }
  const lines = [...byLocation.values()].map(({ line, devices }) => ({
    ...line,
    devices: devices.size,
    averagePerPlayCents: averagePerPlay(line.revenueCents, line.plays),
  }));
  return lines.sort((a, b) => b.revenueCents - a.revenueCents || compareText(a.locationName, b.locationName));
}

/** The report's lines for a grouping. */
export function linesOf(rows: readonly RevenueRow[], grouping: RevenueGrouping): RevenueLine[] {
  return grouping === 'location' ? locationLines(rows) : deviceLines(rows);
}

export type SortValue = string | number | null;

const collator = new Intl.Collator('hr', { sensitivity: 'base', numeric: true });

function compareText(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return collator.compare(a, b);
}

/**
 * The lines ordered by one column, on the client (a report is one answer, not pages). Empty values
 * stay last in either direction; ties keep the server's order.
 */
export function sortLines(lines: readonly RevenueLine[], value: (line: RevenueLine) => SortValue, dir: 'asc' | 'desc'): RevenueLine[] {
  const sign = dir === 'asc' ? 1 : -1;
  return lines
    .map((line, index) => ({ line, index, v: value(line) }))
    .sort((a, b) => {
      if (a.v === null || b.v === null) return a.v === b.v ? a.index - b.index : a.v === null ? 1 : -1;
      const order = typeof a.v === 'number' && typeof b.v === 'number' ? a.v - b.v : compareText(String(a.v), String(b.v));
      return order * sign || a.index - b.index;
    })
    .map(({ line }) => line);
}
