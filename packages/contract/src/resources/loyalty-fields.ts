/**
 * The loyalty programme's terms without zod (the web's first paint validates the loyalty reports'
 * search with them, decision 0016); the schemas are in `loyalty-cards.ts` and `loyalty-reports.ts`.
 */

/** A card's status (docs/rules.md "Loyalty: cards, spends, top-ups"): only an active card should be accepted by the machines. */
export const cardStatuses = ['active', 'blocked', 'lost'] as const;
export type CardStatus = (typeof cardStatuses)[number];

/** How a loyalty report's range is cut. */
export const loyaltyReportPeriods = ['day', 'week', 'month'] as const;
export type LoyaltyReportPeriod = (typeof loyaltyReportPeriods)[number];

/** The longest range of a report (days); by day or week at most `LOYALTY_DAILY_MAX_DAYS`. */
export const LOYALTY_REPORT_MAX_DAYS = 3660;
export const LOYALTY_DAILY_MAX_DAYS = 366;

/** What the card report can be ordered by. */
export const loyaltyCardOrderFields = ['spends', 'topUps', 'balance'] as const;
export type LoyaltyCardOrderField = (typeof loyaltyCardOrderFields)[number];
