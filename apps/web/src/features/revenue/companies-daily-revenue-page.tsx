import { addDays, COMPANIES_DAILY_REVENUE_MAX_DAYS, formatDate, validationMessage } from '@kovanica/contract';
import { SimpleGrid } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DayRangeInputs } from '../../components/day-range-inputs.tsx';
import { DemoHistoryNotice } from '../../components/demo-history-notice.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { daysInRange } from '../../lib/day.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { useQueryNow } from '../../lib/query-now.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { companiesDailyRevenueQuery } from './companies-daily-revenue-api.ts';
import { type CompaniesDailyRevenueSearch, defaultDailyRange, isRangeTooLong } from './companies-daily-revenue-search.ts';
import { CompaniesDailyRevenueTable } from './companies-daily-revenue-table.tsx';

const route = getRouteApi('/_app/companies/daily-revenue');

/**
 * `/companies/daily-revenue` (admins): each company's revenue per business day over a range, the last
 * 14 days by default, for the companies of the current view.
 */
export function CompaniesDailyRevenuePage() {
  const { t } = useTranslation();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { accountInfo } = useSession();
  const range = defaultDailyRange();
  const from = search.from ?? range.from;
  const to = search.to ?? range.to;
  const backwards = to < from;
  const tooLong = isRangeTooLong(from, to);
  const valid = !backwards && !tooLong;
  const view = viewOf(accountInfo);

  const report = useQueryNow({
    ...companiesDailyRevenueQuery({ from, to }, view),
    enabled: valid,
    placeholderData: keepPreviousData,
  });
  // The headers follow the chosen range at once; the figures follow their answer.
  const days = useMemo(() => {
    if (report.data && !report.isPlaceholderData) return report.data.totals.days.map((d) => d.day);
    if (!valid) return [];
    return Array.from({ length: daysInRange(from, to) }, (_, i) => addDays(from, i));
  }, [report.data, report.isPlaceholderData, valid, from, to]);
  const title = t('resources.companiesDailyRevenue.name');

  /** Every change stays in the URL (a reload or a shared link shows the same range); typing replaces the entry. */
  const set = (patch: Partial<CompaniesDailyRevenueSearch>) => void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true });

  return (
    <>
      <PageHeader
        title={title}
        subtitle={t('resources.companiesDailyRevenue.subtitle', {
          from: formatDate(from),
          to: formatDate(to),
          view: t(view === 'all' ? 'user.allCompanies' : 'user.myCompany'),
        })}
      />
      <DemoHistoryNotice />
      <CompaniesDailyRevenueTable
        report={valid ? report.data : null}
        days={days}
        title={title}
        filePeriod={`${from}-${to}`}
        status={report}
        filters={
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
            <DayRangeInputs
              from={from}
              to={to}
              onChange={set}
              error={
                tooLong ? validationMessage(currentLanguage(), 'range_too_long', { max: COMPANIES_DAILY_REVENUE_MAX_DAYS }) : undefined
              }
            />
          </SimpleGrid>
        }
      />
    </>
  );
}
