import { type DepositStatus, type FinanceQuery, type RevenueQuery, UNFISCALIZED_ALARM_HOURS } from '@kovanica/contract';
import type { View } from './view.ts';

/**
 * What the resources' APIs share beyond themselves. The APIs are each in a module of their own
 * (`apis/<resource>.ts`, made once from the contract's description by `resourceApi`) and are imported
 * from there, never through one module that gathers them: a screen then loads the schemas of the
 * resources it uses and no others (building all of them was a long task of 60–90 ms on every page of
 * this machine). Features read and pick from each other's resources through them (features
 * never import each other).
 */

/** Original §1: the header's bell lists the last 10 unverified deposits and the last 10 unfiscalized bills. */
export const NOTIFICATIONS_SHOWN = 10;

/**
 * The unfiscalized bills as the header's bell lists them. The unfiscalized page reads their count from
 * the same request (one key, one fetch), for its "Send all again".
 */
export const UNFISCALIZED_BILLS = { status: 'unfiscalized', itemsPerPage: NOTIFICATIONS_SHOWN } as const;

const MINUTE_MS = 60_000;
/**
 * The unfiscalized bills waiting longer than the alarm (24 h) at `now`, one row asked for: the count.
 * To the minute, so the key changes once a minute rather than at every render, and the bell and the
 * unfiscalized page share it.
 */
export const alarmedBills = (now: number) =>
  ({
    status: 'unfiscalized',
    'issuedAt[strictly_before]': new Date(Math.floor(now / MINUTE_MS) * MINUTE_MS - UNFISCALIZED_ALARM_HOURS * 3_600_000).toISOString(),
    itemsPerPage: 1,
  }) as const;

/** "Unverified": not counted yet, or counted and waiting for a manager or accountant (`?status=…&status=…`). */
export const UNVERIFIED_DEPOSIT_STATUSES: readonly DepositStatus[] = ['awaiting_count', 'pending_verification'];

/**
 * Revenue figures (the revenue reports, the companies daily revenue, the finance reports) sit under one key, so whatever
 * refreshes revenue refreshes them all. The figures differ between My Company and All Companies, so
 * the view is part of each key.
 */
export const revenueKeys = {
  all: ['revenue'] as const,
  report: (query: RevenueQuery, view: View) => ['revenue', 'report', query, view] as const,
  finance: (query: FinanceQuery, view: View) => ['revenue', 'finance', query, view] as const,
};
