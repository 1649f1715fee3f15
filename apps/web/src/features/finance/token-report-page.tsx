import { formatCount, formatMoney, formatShare } from '@kovanica/contract';
import { IconChartPie, IconCoin, IconCoins } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { monthToDate } from '../../lib/day.ts';
import { useReportSearch } from '../../lib/report-search.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { tokenShareOf, useTokenColumns } from './finance-columns.tsx';
import { isSinglePeriod } from './finance-periods.ts';
import { type FinanceChartSpec, FinanceReportView } from './finance-report-view.tsx';
import { financeFrame, financeSearches } from './finance-search.ts';

/** What a token report is by: the original's three. */
export type TokenSubject = 'location' | 'device' | 'lessor';

/**
 * `/token-report/<subject>` (docs/rules.md "Money reports"): tokens played per location, device or lessor and period, their
 * value and their share of the revenue, from the finance report's figures.
 */
export function TokenReportPage({ subject }: { subject: TokenSubject }) {
  const { t } = useTranslation();
  const [search, setSearch] = useReportSearch(financeSearches[subject]);
  const view = viewOf(useSession().accountInfo);
  const range = monthToDate();
  const { from, to, period } = financeFrame(search, range);
  const columns = useTokenColumns({ subject, period, single: isSinglePeriod(period, from, to), view });
  // The tokens' value and the rest of the revenue stack up to the gross of each period.
  const chart = useMemo<FinanceChartSpec>(
    () => ({
      caption: t('resources.finance.chart.tokens'),
      stacked: true,
      series: [
        { name: 'tokens', label: t('resources.revenue.fields.tokensCents'), color: 'indigo.7', value: (p) => p.tokensCents },
        { name: 'other', label: t('resources.finance.fields.otherRevenue'), color: 'gray.4', value: (p) => p.grossCents - p.tokensCents },
      ],
    }),
    [t],
  );
  return (
    <FinanceReportView
      subject={subject}
      title={t(`resources.finance.tokenTitles.${subject}`)}
      search={search}
      onSearch={setSearch}
      defaultRange={range}
      columns={columns}
      chart={chart}
      name={`token-report-${subject}`}
      note={t('resources.finance.tokenNote')}
      figures={(totals) => {
        const share = totals && tokenShareOf(totals);
        return [
          {
            label: t('resources.revenue.fields.tokens'),
            value: totals && formatCount(totals.tokens),
            icon: <IconCoin size={24} aria-hidden />,
          },
          {
            label: t('resources.revenue.fields.tokensCents'),
            value: totals && formatMoney(totals.tokensCents),
            icon: <IconCoins size={24} aria-hidden />,
          },
          {
            label: t('resources.finance.fields.tokenShare'),
            value: share === undefined ? undefined : share === null ? '–' : formatShare(share),
            icon: <IconChartPie size={24} aria-hidden />,
          },
        ];
      }}
    />
  );
}
