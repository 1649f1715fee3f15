import { formatMoney, formatShare } from '@kovanica/contract';
import { IconPercentage, IconReceiptTax, IconTrendingUp } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useReportSearch } from '../../lib/report-search.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { marginOf, useEbitdaColumns } from './finance-columns.tsx';
import { type FinanceChartSpec, FinanceReportView } from './finance-report-view.tsx';
import { ebitdaSearch, lastTwelveMonths } from './finance-search.ts';

/**
 * `/ebitda/list` (docs/rules.md "Money reports"): per company and month, net revenue less rent, operational costs,
 * maintenance and prize cost, and the margin; the last twelve months unless another range is chosen,
 * so the chart shows a year's course.
 */
export function EbitdaPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useReportSearch(ebitdaSearch);
  const view = viewOf(useSession().accountInfo);
  const columns = useEbitdaColumns(view);
  const f = (field: string) => t(`resources.finance.fields.${field}`);
  const chart = useMemo<FinanceChartSpec>(
    () => ({
      caption: t('resources.finance.chart.ebitda'),
      series: [
        { name: 'net', label: t('resources.finance.fields.netCents'), color: 'indigo.7', value: (p) => p.netCents },
        { name: 'ebitda', label: t('resources.finance.fields.ebitdaCents'), color: 'teal.7', value: (p) => p.ebitdaCents ?? 0 },
      ],
    }),
    [t],
  );
  return (
    <FinanceReportView
      subject="company"
      period="month"
      title={t('resources.finance.ebitda')}
      search={search}
      onSearch={setSearch}
      defaultRange={lastTwelveMonths()}
      columns={columns}
      chart={chart}
      name="ebitda"
      note={t('resources.finance.ebitdaNote')}
      figures={(totals) => {
        const margin = totals && marginOf(totals);
        return [
          { label: f('netCents'), value: totals && formatMoney(totals.netCents), icon: <IconReceiptTax size={24} aria-hidden /> },
          {
            label: f('ebitdaCents'),
            value: totals && (totals.ebitdaCents === null ? '–' : formatMoney(totals.ebitdaCents)),
            icon: <IconTrendingUp size={24} aria-hidden />,
          },
          {
            label: f('margin'),
            value: margin === undefined ? undefined : margin === null ? '–' : formatShare(margin),
            icon: <IconPercentage size={24} aria-hidden />,
          },
        ];
      }}
    />
  );
}
