import { addDays } from '@kovanica/contract';
import { daysInRange } from './day.ts';

/**
 * The ways to pick the period a range is compared with (the comparative analysis: its screen and its
 * export on `/exports/generate`); `custom` is any other pair of days.
 */
export const comparisonPresets = ['previousMonth', 'previousYear', 'previousPeriod'] as const;
export type ComparisonPreset = (typeof comparisonPresets)[number];

/** A range of business days, both included. */
export interface Range {
  from: string;
  to: string;
}

const monthLength = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** The same day a number of months earlier, clipped to that month's length (31 March → 28 or 29 February). */
export function monthsBefore(day: string, months: number): string {
  const total = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 - months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const date = Math.min(Number(day.slice(8, 10)), monthLength(year, month));
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
}

/**
 * The period a preset compares a range with: the same days a month or a year earlier (clipped to
 * shorter months), or the days just before it, as many as it has.
 */
export function comparisonOf(preset: ComparisonPreset, { from, to }: Range): Range {
  switch (preset) {
    case 'previousMonth':
      return { from: monthsBefore(from, 1), to: monthsBefore(to, 1) };
    case 'previousYear':
      return { from: monthsBefore(from, 12), to: monthsBefore(to, 12) };
    case 'previousPeriod': {
      const end = addDays(from, -1);
      return { from: addDays(end, -(daysInRange(from, to) - 1)), to: end };
    }
  }
}

/** Which preset a comparison is, if any (`custom` when none gives it). */
export function presetOf(range: Range, compared: Range): ComparisonPreset | 'custom' {
  return (
    comparisonPresets.find((p) => {
      const c = comparisonOf(p, range);
      return c.from === compared.from && c.to === compared.to;
    }) ?? 'custom'
  );
}

/**
 * The comparison of a range changed to `next`: found the way it was (a month or a year earlier, the
 * days just before), or the same days when they were picked by hand.
 */
export function comparisonKept(range: Range, compared: Range, next: Range): Range {
  const preset = presetOf(range, compared);
  return preset === 'custom' ? compared : comparisonOf(preset, next);
}
