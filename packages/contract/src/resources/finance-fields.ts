import { addDays } from '../format.ts';
/**
 * The finance reports' terms without zod (the web's first paint validates its search with them); the
 * schemas are in `finance.ts`.
 */

/** What a finance report's lines are (docs/rules.md "Money reports"): a device, a location, a lessor or a company. */
export const financeSubjects = ['device', 'location', 'lessor', 'company'] as const;
export type FinanceSubject = (typeof financeSubjects)[number];

/** How the range is cut: a line per subject and day, ISO week, calendar month, year, or the whole range. */
export const financePeriods = ['day', 'week', 'month', 'year', 'range'] as const;
export type FinancePeriod = (typeof financePeriods)[number];

/** The longest range of a finance report, in days: ten years. */
export const FINANCE_MAX_DAYS = 3660;
/** The longest range cut into days or weeks: a year, leap day included (a line per subject and day beyond that is no report). */
export const FINANCE_DAILY_MAX_DAYS = 366;

/** The money figures of a finance line, each summed over the line's days (cents; `tokens` and `plays` are counts). */
export const financeFigures = [
  'coinsCents',
  'notesCents',
  'cashlessCents',
  'cardCents',
  'tokens',
  'tokensCents',
  'grossCents',
  'plays',
  'netCents',
  /** The VAT of the payments billed at the machines (coins, notes, cashless), as their bills state it. */
  'vatCents',
  /**
   * The VAT already charged when the card credit and tokens played were sold (on the top-up and token
   * sale bills): part of gross, not of net, and not of this report's bills (docs/rules.md, "Revenue and VAT").
   */
  'saleVatCents',
  'rentCents',
  'shareCents',
  /** Card plays paid from a bonus: not revenue, beside it. */
  'cardBonusCents',
] as const;
export type FinanceFigure = (typeof financeFigures)[number];

/** The company report's costs and result (docs/rules.md "Money reports", EBITDA); null on the other reports' lines. */
export const financeCosts = ['maintenanceCents', 'operationalCostsCents', 'prizeCostCents', 'ebitdaCents'] as const;
export type FinanceCost = (typeof financeCosts)[number];

/** What a comparative analysis compares (docs/rules.md "Money reports", comparative analysis): devices, locations or lessors. */
export const comparativeSubjects = ['device', 'location', 'lessor'] as const;
export type ComparativeSubject = (typeof comparativeSubjects)[number];
/** What its lines may be ranked by (`order[changeCents]=desc`; the largest revenue first by default). */
export const comparativeOrderFields = ['name', 'currentCents', 'previousCents', 'changeCents', 'changePercent'] as const;
export type ComparativeOrderField = (typeof comparativeOrderFields)[number];

/** What a logistic report's lines are: a device, or a location's devices of one group. */
export const logisticSubjects = ['device', 'location'] as const;
export type LogisticSubject = (typeof logisticSubjects)[number];
/** Days of recent intake the full-box forecast and the refill are judged by. */
export const LOGISTIC_INTAKE_DAYS = 14;
/**
 * The Zagreb day a cash box is full (docs/rules.md "Cash box outlook"): today when it is, else after as
 * many days of its recent intake as the room left takes; null without a capacity or without intake.
 */
export function boxFullOn(today: string, boxCents: number, capacityCents: number | null, dailyIntakeCents: number): string | null {
  if (capacityCents === null || capacityCents <= 0) return null;
  if (boxCents >= capacityCents) return today;
  if (dailyIntakeCents <= 0) return null;
  return addDays(today, Math.ceil((capacityCents - boxCents) / dailyIntakeCents));
}
/** Days of prizes a refill should cover (a visit every two weeks). */
export const LOGISTIC_REFILL_DAYS = 14;
