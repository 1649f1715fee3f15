import type { FinancePeriod, FinanceReport, FinanceRow, FinanceSubject } from '@kovanica/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countColumn, moneyColumn, nameColumn, percentColumn, percentOf, type TotalsColumn } from '../../components/report-table/index.ts';
import type { View } from '../../lib/view.ts';
import { periodLabel } from './finance-periods.ts';

/** One line of a finance report table: a subject's period, as the server sends it. */
export interface FinanceLine extends FinanceRow {
  /** Unique in the table. */
  key: string;
}

/** The figures of the whole report (every line, not only the page's). */
export type FinanceTotals = FinanceReport['totals'];

export type FinanceColumn = TotalsColumn<FinanceLine, FinanceTotals>;

/** The report's rows as lines, in the server's order (by period, then the largest gross first). */
export function financeLinesOf(rows: readonly FinanceRow[]): FinanceLine[] {
  return rows.map((row) => ({ ...row, key: `${row.periodStart}|${row.company}|${row.subject ?? '-'}` }));
}

const f = (field: string) => `resources.finance.fields.${field}`;
const r = (field: string) => `resources.revenue.fields.${field}`;

/** The tokens' share of the gross revenue, in %; null without revenue. */
export const tokenShareOf = (figures: FinanceLine | FinanceTotals) => percentOf(figures.tokensCents, figures.grossCents);

/** EBITDA ÷ net revenue, in %; null without net revenue (or outside the company report). */
export const marginOf = (figures: FinanceLine | FinanceTotals) =>
  figures.ebitdaCents === null ? null : percentOf(figures.ebitdaCents, figures.netCents);

interface Naming {
  subject: FinanceSubject;
  period: FinancePeriod;
  /** The range is one period: no period column. */
  single: boolean;
  view: View;
}

/**
 * The columns that say what a line is: the subject (the row's header; a line of revenue standing
 * nowhere reads "No location"), its company in the All Companies view, and its period unless the
 * range is one period. EBITDA names its lines by month first: in My Company they are one company's.
 */
function useNamingColumns({ subject, period, single, view }: Naming, periodFirst = false): FinanceColumn[] {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const none = t(`resources.finance.none.${subject}`);
    const name: FinanceColumn = nameColumn(`resources.finance.subjects.${subject}`, none, { rowHeader: !periodFirst });
    const company: FinanceColumn = {
      key: 'company',
      label: 'dataTable.company',
      render: (l) => l.companyName,
      exportValue: (l) => l.companyName,
    };
    const label = (l: FinanceLine) => periodLabel(period, l.periodStart, l.periodEnd, language);
    const when: FinanceColumn = { key: 'period', label: f('period'), rowHeader: periodFirst, render: label, exportValue: label };
    const wide = view === 'all';
    if (periodFirst) return [when, ...(wide ? [company] : [])];
    return [name, ...(wide && subject !== 'company' ? [company] : []), ...(single ? [] : [when])];
  }, [t, language, subject, period, single, view, periodFirst]);
}

const money = (field: keyof FinanceTotals, strong = false): FinanceColumn => moneyColumn(field, f(field), { strong });
const part = (field: keyof FinanceTotals, defaultHidden = false): FinanceColumn => moneyColumn(field, r(field), { defaultHidden });

/**
 * A finance report's columns: the line's names, then gross, net, VAT (of the machines' bills, and charged
 * at the sale of the credit and tokens played), rent and the operator's share (the company report adds
 * its costs and EBITDA), plays, the parts of the revenue and the bonus card plays beside them.
 */
export function useFinanceColumns(naming: Naming): FinanceColumn[] {
  const names = useNamingColumns(naming);
  const { subject } = naming;
  return useMemo(
    () => [
      ...names,
      money('grossCents', true),
      money('netCents'),
      money('vatCents'),
      // VAT already charged when the card credit and tokens played were sold: part of gross, not of net.
      money('saleVatCents'),
      money('rentCents'),
      money('shareCents'),
      ...(subject === 'company'
        ? [money('maintenanceCents'), money('operationalCostsCents'), money('prizeCostCents'), money('ebitdaCents', true)]
        : []),
      countColumn('plays', r('plays')),
      part('coinsCents'),
      part('notesCents'),
      part('cashlessCents'),
      part('cardCents'),
      countColumn('tokens', r('tokens')),
      part('tokensCents'),
      // Card plays paid from a bonus: beside the revenue, not in it; shown from the column chooser (a
      // printed A4 page holds the figures above, not one more).
      part('cardBonusCents', true),
    ],
    [names, subject],
  );
}

/** A token report's columns: the line's names, tokens in, their value, the gross and the tokens' share of it. */
export function useTokenColumns(naming: Naming): FinanceColumn[] {
  const names = useNamingColumns(naming);
  return useMemo(
    () => [
      ...names,
      countColumn('tokens', r('tokens')),
      moneyColumn('tokensCents', r('tokensCents'), { strong: true }),
      money('grossCents'),
      percentColumn<FinanceLine, FinanceTotals>('tokenShare', f('tokenShare'), tokenShareOf),
      countColumn('plays', r('plays')),
    ],
    [names],
  );
}

/** EBITDA's columns per company and month: net revenue, its costs, EBITDA and the margin. */
export function useEbitdaColumns(view: View): FinanceColumn[] {
  const names = useNamingColumns({ subject: 'company', period: 'month', single: false, view }, true);
  return useMemo(
    () => [
      ...names,
      money('netCents'),
      money('rentCents'),
      money('operationalCostsCents'),
      money('maintenanceCents'),
      money('prizeCostCents'),
      money('ebitdaCents', true),
      percentColumn<FinanceLine, FinanceTotals>('margin', f('margin'), marginOf),
    ],
    [names],
  );
}
