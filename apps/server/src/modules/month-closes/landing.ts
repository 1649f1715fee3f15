import { addDays, monthEnd, monthStart, zagrebOffset } from '@kovanica/contract';

// Where what comes for a closed month is counted (docs/rules.md "Month close"): in the first open
// month after it, on that month's first day. Pure: ingestion asks it for every event of a batch.

/** The first day of the month after a `yyyy-MM-dd` date's month. */
export const nextMonth = (day: string) => addDays(monthEnd(day), 1);

/**
 * The day an event's sums are counted on, and the closed month they belong to (null when the event's
 * own month is open): `closed` holds the first days of the company's closed months.
 */
export function landingOf(closed: ReadonlySet<string>, day: string): { day: string; ofMonth: string | null } {
  const own = monthStart(day);
  if (!closed.has(own)) return { day, ofMonth: null };
  let month = nextMonth(own);
  while (closed.has(month)) month = nextMonth(month);
  return { day: month, ofMonth: own };
}

/** The instant a Zagreb calendar day starts. */
export function zagrebMidnight(day: string): Date {
  const wall = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
  return new Date(wall - zagrebOffset(wall - zagrebOffset(wall)));
}
