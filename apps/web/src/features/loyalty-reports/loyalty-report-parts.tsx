import { type CardStatus, cardStatuses, formatDate, type LoyaltyFlows, monthEnd, validationMessage } from '@kovanica/contract';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DayRangeInputs } from '../../components/day-range-inputs.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { ReportPlaceFilters } from '../../components/report-place-filters.tsx';
import { countColumn, moneyColumn, type TotalsColumn } from '../../components/report-table/index.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { loyaltyOwnersApi } from '../../lib/resources.ts';
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
  const { t } = useTranslation();
  return (
    <>
      <DayRangeInputs from={from} to={to} onChange={onChange} error={rangeError} />
      <ReportPlaceFilters view={view} filters={[]} value={search} onChange={(patch) => onChange({ company: patch.company })} />
      <ReferenceSelect
        api={loyaltyOwnersApi}
        baseQuery={view === 'all' && search.company ? { company: search.company } : {}}
        label={t(f('owner'))}
        placeholder={t('dataTable.any')}
        clearable
        value={search.owner ?? null}
        onChange={(v) => onChange({ owner: v ?? undefined })}
      />
      {cardFilters && (
        <>
          <Select
            label={t(f('status'))}
            placeholder={t('dataTable.any')}
            clearable
            data={cardStatuses.map((s) => ({ value: s, label: t(`resources.loyalty-cards.statuses.${s}`) }))}
            value={search.status ?? null}
            onChange={(v) => onChange({ status: (cardStatuses.find((s) => s === v) as CardStatus | undefined) ?? undefined })}
          />
          <Select
            label={t(f('flagged'))}
            placeholder={t('dataTable.any')}
            clearable
            data={[
              { value: 'true', label: t(k('flaggedYes')) },
              { value: 'false', label: t(k('flaggedNo')) },
            ]}
            value={search.flagged ?? null}
            onChange={(v) => onChange({ flagged: v === 'true' || v === 'false' ? v : undefined })}
          />
        </>
      )}
    </>
  );
}

const monthFormats = new Map<string, Intl.DateTimeFormat>();
function monthName(day: string, language: string, month: 'long' | 'short'): string {
  const locale = language === 'hr' ? 'hr-HR' : 'en-GB';
  let format = monthFormats.get(`${locale}|${month}`);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month, year: 'numeric', timeZone: 'UTC' });
    monthFormats.set(`${locale}|${month}`, format);
  }
  return format.format(new Date(`${day.slice(0, 7)}-01T12:00:00Z`));
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
