import {
  businessDate,
  deviceGroups,
  formatCount,
  formatDate,
  formatMoney,
  LOGISTIC_INTAKE_DAYS,
  LOGISTIC_REFILL_DAYS,
  type LogisticSubject,
  validationMessage,
} from '@kovanica/contract';
import { Select, SimpleGrid, Text } from '@mantine/core';
import { IconCash, IconCoins, IconDeviceGamepad2, IconGift } from '@tabler/icons-react';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DayRangeInputs } from '../../components/day-range-inputs.tsx';
import { DemoHistoryNotice } from '../../components/demo-history-notice.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ReportFigures } from '../../components/report-figures.tsx';
import { ReportPlaceFilters, reportPlaceScope } from '../../components/report-place-filters.tsx';
import { PagedReportTable } from '../../components/report-table/index.ts';
import { monthToDate } from '../../lib/day.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { useQueryNow } from '../../lib/query-now.ts';
import { useReportSearch } from '../../lib/report-search.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { logisticReportQuery } from './api.ts';
import { useLogisticColumns } from './logistic-columns.tsx';
import { logisticLinesOf } from './logistic-lines.ts';
import { type LogisticSearch, logisticFilters, logisticQueryOf, logisticSearches } from './logistic-search.ts';

/**
 * `/logistic-report/<subject>` (docs/rules.md "Money reports"): where to go next and what to take — a visit list of the
 * devices (or each location's devices of a group) with the saldo, the prizes to refill and the day each
 * cash box is full. It runs only once a filter narrows it; until then it says so and asks nothing.
 */
export function LogisticReportPage({ subject }: { subject: LogisticSubject }) {
  const { t } = useTranslation();
  const [search, onSearch] = useReportSearch(logisticSearches[subject]);
  const view = viewOf(useSession().accountInfo);
  const queryClient = useQueryClient();
  const range = monthToDate();
  const from = search.from ?? range.from;
  const to = search.to ?? range.to;
  const query = logisticQueryOf(subject, search, range, view);
  const valid = query !== null && from <= to;
  const report = useQueryNow({
    // Never sent without a filter (`enabled`); the key still names what would be asked.
    ...logisticReportQuery(query ?? { subject, from, to }, view),
    enabled: valid,
    placeholderData: keepPreviousData,
  });
  const answer = valid ? report.data : null;
  const today = businessDate();
  const linesOf = useCallback((rows: Parameters<typeof logisticLinesOf>[0]) => logisticLinesOf(rows, today), [today]);
  const columns = useLogisticColumns(subject, search.group, search.location !== undefined);
  const title = t(`resources.logistic.titles.${subject}`);
  const name = `logistic-report-${subject}`;
  const f = (field: string) => t(`resources.logistic.fields.${field}`);
  const totals = answer?.totals;
  const shown = (value: string | undefined) => (answer === null ? '–' : value);

  /** A filter or the range changed: back to the first page. */
  const set = (patch: Partial<LogisticSearch>) => onSearch({ ...patch, page: undefined });

  return (
    <>
      <PageHeader title={title} subtitle={`${formatDate(from)} – ${formatDate(to)}`} />
      <DemoHistoryNotice />
      <ReportFigures
        phoneColumns={2}
        figures={[
          {
            label: f('cashInBoxCents'),
            value: shown(totals && formatMoney(totals.cashInBoxCents)),
            icon: <IconCash size={24} aria-hidden />,
          },
          { label: f('grossCents'), value: shown(totals && formatMoney(totals.grossCents)), icon: <IconCoins size={24} aria-hidden /> },
          { label: f('plays'), value: shown(totals && formatCount(totals.plays)), icon: <IconDeviceGamepad2 size={24} aria-hidden /> },
          {
            label: f('prizesToRefill'),
            value: shown(totals && formatCount(totals.prizesToRefill)),
            icon: <IconGift size={24} aria-hidden />,
          },
        ]}
      />
      <PagedReportTable
        report={answer}
        linesOf={linesOf}
        columns={columns}
        title={title}
        filePeriod={`${from}-${to}`}
        exportFilters={async () => [
          ...(await reportPlaceScope(view, logisticFilters[subject], search, t)),
          ...(search.group ? [{ label: t('resources.devices.fields.group'), value: t(`resources.devices.groups.${search.group}`) }] : []),
        ]}
        storageId={name}
        status={report}
        paging={search}
        onPaging={onSearch}
        empty={
          query === null ? (
            // The spec's message, then what counts as a filter: the dates filled in by default do not.
            <>
              <span>{validationMessage(currentLanguage(), 'filter_required')}</span>
              <br />
              <span>{t(`resources.logistic.filterHint.${subject}${view === 'all' ? 'All' : ''}`)}</span>
            </>
          ) : undefined
        }
        fetchPage={(page, itemsPerPage) =>
          queryClient.fetchQuery({
            ...logisticReportQuery({ ...(query ?? { subject, from, to }), page, itemsPerPage }, view),
            staleTime: 0,
            gcTime: 0,
          })
        }
        toolbar={
          <Text size="sm" c="dimmed">
            {t('resources.logistic.note', { intake: LOGISTIC_INTAKE_DAYS, refill: LOGISTIC_REFILL_DAYS })}
          </Text>
        }
        filters={
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
            <DayRangeInputs from={from} to={to} onChange={set} />
            <ReportPlaceFilters view={view} filters={logisticFilters[subject]} value={search} onChange={set} />
            <Select
              label={t('resources.devices.fields.group')}
              placeholder={t('dataTable.any')}
              clearable
              data={deviceGroups.map((g) => ({ value: g, label: t(`resources.devices.groups.${g}`) }))}
              value={search.group ?? null}
              onChange={(value) => set({ group: deviceGroups.find((g) => g === value) })}
            />
          </SimpleGrid>
        }
      />
    </>
  );
}
