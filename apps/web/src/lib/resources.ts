import type { DepositStatus, FinanceQuery, RevenueQuery } from '@kovanica/contract';
import type { View } from './view.ts';

/**
 * What the resources' APIs share beyond themselves. The APIs are each in a module of their own
 * (`apis/<resource>.ts`, made once from the contract's description by `resourceApi`) and are imported
 * from there, never through one module that gathers them: a screen then loads the schemas of the
 * resources it uses and no others (building all of them was a long task of 60–90 ms on every page of
 * this machine; issue 14). Features read and pick from each other's resources through them (features
 * never import each other).
 */

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
