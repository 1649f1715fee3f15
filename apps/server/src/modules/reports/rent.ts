import { daysBetween, monthEnd, monthStart, type RentalType } from '@kovanica/contract';

/**
 * A location's rental terms as they apply (docs/rules.md "Money reports", rent): the location's own, field by field, over its
 * lessor's; the contract period is the lessor's (a location without a lessor pays on its own terms,
 * without a period). Percentages in hundredths of a percent (12,50 % = 1250), amounts in cents a month.
 */
export interface RentTerms {
  type: RentalType | null;
  amountCents: number | null;
  percentageBp: number | null;
  incomeLimitCents: number | null;
  contractStart: string | null;
  contractEnd: string | null;
}

/** How a location's rent for one calendar month was worked out, every step kept for the lessor statement. */
export interface MonthRent {
  /** The month's first day. */
  month: string;
  daysInMonth: number;
  /** Days of the month inside the contract period (and not after `until`). */
  contractDays: number;
  /** The location's revenue on those days: what a percentage is taken of. */
  basisCents: number;
  /** The fixed amount for those days: the monthly amount × contract days ÷ days in the month. */
  fixedCents: number;
  /** The income limit for those days (mixed terms), prorated like the amount. */
  limitCents: number;
  /** The percentage part: of the whole basis (percentage), of the basis above the limit (mixed). */
  percentCents: number;
  /** fixed + percent, unrounded; rounded once to the cent owed, which the reports then share in whole cents. */
  rentCents: number;
}

/**
 * The days of a month that count for rent: inside the contract period and not after `until` (the last
 * business day that has happened: this month's rent runs to date). Returns the first and last, or null.
 */
export function contractSpan(terms: RentTerms, month: string, until: string): [string, string] | null {
  // Plain comparisons of yyyy-MM-dd strings: a year's report asks this for every location and month.
  const start = monthStart(month);
  const first = terms.contractStart !== null && terms.contractStart > start ? terms.contractStart : start;
  let last = monthEnd(month);
  if (terms.contractEnd !== null && terms.contractEnd < last) last = terms.contractEnd;
  if (until < last) last = until;
  return first <= last ? [first, last] : null;
}

/**
 * A location's rent for one calendar month (docs/rules.md "Money reports", rent), prorated for a partial month by days:
 * - fixed: the amount;
 * - percentage: the percentage of the revenue on contract days;
 * - mixed: the amount plus the percentage of that revenue above the income limit
 *   (200 € + 20 % above 1.000 €: revenue 1.500 € → 300 €).
 * `basisCents` must be the revenue of the days `contractSpan` names; `span` is that span when the
 * caller has it already.
 */
export function monthRent(
  terms: RentTerms,
  month: string,
  basisCents: number,
  until: string,
  span = terms.type ? contractSpan(terms, month, until) : null,
): MonthRent {
  const daysInMonth = Number(monthEnd(month).slice(8)); // the last day's number
  const contractDays = span ? daysBetween(span[0], span[1]) : 0;
  const share = contractDays / daysInMonth;
  const rate = (terms.percentageBp ?? 0) / 10_000;
  const fixedCents = terms.type === 'fixed' || terms.type === 'mixed' ? (terms.amountCents ?? 0) * share : 0;
  const limitCents = terms.type === 'mixed' ? (terms.incomeLimitCents ?? 0) * share : 0;
  const basis = contractDays > 0 ? basisCents : 0;
  const percentCents =
    terms.type === 'percentage' ? rate * Math.max(0, basis) : terms.type === 'mixed' ? rate * Math.max(0, basis - limitCents) : 0;
  return {
    month: monthStart(month),
    daysInMonth,
    contractDays,
    basisCents: basis,
    fixedCents,
    limitCents,
    percentCents,
    rentCents: fixedCents + percentCents,
  };
}
