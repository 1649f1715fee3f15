import { formatDate, type LoyaltyFlows, monthEnd, validationMessage } from '@kovanica/contract';
import { DayRangeInputs } from '../../components/day-range-inputs.tsx';
import { LoyaltyCardFilters } from '../../components/loyalty-card-filters.tsx';
import { ReportPlaceFilters } from '../../components/report-place-filters.tsx';
import { countColumn, moneyColumn, type TotalsColumn } from '../../components/report-table/index.ts';
import { monthName } from '../../lib/day.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import type { View } from '../../lib/view.ts';
import type { LoyaltySearch } from './search.ts';

export const k = (key: string) => `resources.loyalty-reports.${key}`;
export const f = (field: string) => k(`fields.${field}`);

/** The flows every report shows, as columns of lines and totals carrying them. */
export type Flows = LoyaltyFlows;

/** Top-ups (count, paid), bonuses, spends (count, paid part, bonus part), corrections (hidden until chosen). */
export function flowColumns<L extends Flows, T extends Flows>(): TotalsColumn<L, T>[] {
  return [
    countColumn('topUps', f('topUps')),
    moneyColumn('topUpPaidCents', f('topUpPaidCents')),
    moneyColumn('bonusCents', f('bonusCents')),
    countColumn('spends', f('spends'), { defaultHidden: true }),
    moneyColumn('spendPaidCents', f('spendPaidCents')),
    moneyColumn('spendBonusCents', f('spendBonusCents')),
    moneyColumn('adjustmentPaidCents', f('adjustmentPaidCents'), { defaultHidden: true }),
    moneyColumn('adjustmentBonusCents', f('adjustmentBonusCents'), { defaultHidden: true }),
  ] as TotalsColumn<L, T>[];
}

/** A 422 the range would get, as the inputs' message. */
export const rangeMessage = (max: number) => validationMessage(currentLanguage(), 'range_too_long', { max });

interface FiltersProps {
  view: View;
  from: string;
  to: string;
  search: LoyaltySearch;
  onChange: (patch: Partial<LoyaltySearch>) => void;
  rangeError?: string | undefined;
  /** The card report's status and "needs a look" filters. */
  cardFilters?: boolean;
}

/** The range, the company (All Companies view) and the owner; the card report adds status and flag. */
export function LoyaltyFilters({ view, from, to, search, onChange, rangeError, cardFilters }: FiltersProps) {
  return (
    <>
      <DayRangeInputs from={from} to={to} onChange={onChange} error={rangeError} />
      <ReportPlaceFilters view={view} filters={[]} value={search} onChange={(patch) => onChange({ company: patch.company })} />
      <LoyaltyCardFilters view={view} company={search.company} value={search} cardFilters={cardFilters} onChange={onChange} />
    </>
  );
}

/** A period as a line reads: a day, a whole month by name, else its days (a week, a month cut by the range). */
export function periodLabel(period: string, start: string, end: string, language: string): string {
  if (period === 'day' || start === end) return formatDate(start);
  if (period === 'month' && start.endsWith('-01') && end === monthEnd(start)) return monthName(start, language, 'long');
  return `${formatDate(start)} – ${formatDate(end)}`;
}

/** A period's short mark on the chart's axis: `14.05.`, `svi 2026.`. */
export function periodTick(period: string, start: string, language: string): string {
  return period === 'month' ? monthName(start, language, 'short') : formatDate(start).slice(0, 6);
}
