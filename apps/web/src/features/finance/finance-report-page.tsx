import { type FinanceSubject, formatMoney } from '@kovanica/contract';
import { IconBuildingStore, IconCoins, IconReceiptTax, IconWallet } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { monthToDate } from '../../lib/day.ts';
import { useReportSearch } from '../../lib/report-search.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { useFinanceColumns } from './finance-columns.tsx';
import { isSinglePeriod } from './finance-periods.ts';
import { type FinanceChartSpec, FinanceReportView } from './finance-report-view.tsx';
import { financeFrame, financeSearches } from './finance-search.ts';

/**
 * `/finance-report/<subject>` (and the original's `-new` and `-refactored` paths, which lead here):
 * revenue in its parts, net, VAT, rent and the operator's share per device, location, lessor or company
 * and period (docs/rules.md "Money reports"); the company report adds maintenance, operational costs, prize cost and EBITDA.
 */
export function FinanceReportPage({ subject }: { subject: FinanceSubject }) {
  const { t } = useTranslation();
  const [search, setSearch] = useReportSearch(financeSearches[subject]);
  const view = viewOf(useSession().accountInfo);
  const range = monthToDate();
  const { from, to, period } = financeFrame(search, range);
  const columns = useFinanceColumns({ subject, period, single: isSinglePeriod(period, from, to), view });
  const f = (field: string) => t(`resources.finance.fields.${field}`);
  // Share, rent and VAT stack up to the gross revenue of each period.
  const chart = useMemo<FinanceChartSpec>(
    () => ({
      caption: t('resources.finance.chart.finance'),
      stacked: true,
      series: [
        { name: 'share', label: t('resources.finance.fields.shareCents'), color: 'teal.7', value: (p) => p.shareCents },
        { name: 'rent', label: t('resources.finance.fields.rentCents'), color: 'orange.6', value: (p) => p.rentCents },
        { name: 'vat', label: t('resources.finance.fields.vatCents'), color: 'gray.5', value: (p) => p.vatCents },
      ],
    }),
    [t],
  );
  return (
    <FinanceReportView
      subject={subject}
      title={t(`resources.finance.titles.${subject}`)}
      search={search}
      onSearch={setSearch}
      defaultRange={range}
      columns={columns}
      chart={chart}
      name={`finance-report-${subject}`}
      figures={(totals) => [
        { label: f('grossCents'), value: totals && formatMoney(totals.grossCents), icon: <IconCoins size={24} aria-hidden /> },
        { label: f('netCents'), value: totals && formatMoney(totals.netCents), icon: <IconReceiptTax size={24} aria-hidden /> },
        { label: f('rentCents'), value: totals && formatMoney(totals.rentCents), icon: <IconBuildingStore size={24} aria-hidden /> },
        { label: f('shareCents'), value: totals && formatMoney(totals.shareCents), icon: <IconWallet size={24} aria-hidden /> },
      ]}
    />
  );
}
