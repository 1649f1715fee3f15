import type { MonthClose } from '@kovanica/contract';

/**
 * Which months take which action (docs/rules.md "Month close"), from the list as the server answers it,
 * newest first: months close in order, so only the oldest open one may be closed; only the newest
 * closed one may be reopened.
 */
export function actionMonths(months: readonly MonthClose[]): { firstOpen: string | undefined; lastClosed: string | undefined } {
  return {
    firstOpen: months.findLast((m) => m.status === 'open')?.month,
    lastClosed: months.find((m) => m.status === 'closed')?.month,
  };
}

/** Why an open past month cannot be closed now (an i18n key of `monthClose.blocked` and the month it waits for), or null. */
export type Blocked = { reason: 'waiting' } | { reason: 'order'; month: string } | { reason: 'earlier' };

export function blockedReason(m: MonthClose, firstOpen: string | undefined): Blocked | null {
  if (m.status !== 'open' || m.closable) return null;
  if (m.unverifiedDeposits + m.unfiscalizedBills + m.heldBatches > 0) return { reason: 'waiting' };
  // An earlier open month on the list; else it is further back than the list shows.
  if (firstOpen && firstOpen < m.month) return { reason: 'order', month: firstOpen };
  return { reason: 'earlier' };
}
