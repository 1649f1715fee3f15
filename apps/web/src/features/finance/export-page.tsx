import { type ExportFormat, type FinancePeriod, type FinanceSubject, financePeriods, validationMessage } from '@kovanica/contract';
import { Paper, Select, SimpleGrid, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayRangeInputs } from '../../components/day-range-inputs.tsx';
import { ExportFormatSubmit } from '../../components/export-format-submit.tsx';
import { ExportList } from '../../components/export-list.tsx';
import { failureText } from '../../components/failure-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ReportPlaceFilters, type ReportPlaces } from '../../components/report-place-filters.tsx';
import { useAccess } from '../../lib/access.ts';
import { monthToDate } from '../../lib/day.ts';
import { exportKeys, requestFinanceExport } from '../../lib/exports.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { ExportProgressPanel, trackExport } from './export-menu.tsx';
import { DEFAULT_FINANCE_PERIOD, financeFilters, financeRangeError } from './finance-search.ts';

const FORMATS: readonly ExportFormat[] = ['csv', 'xlsx', 'pdf'];

/**
 * `/finance-report/export` (the original's address): a finance report as CSV, XLSX or PDF, built on
 * the server, and the user's exports of the last 7 days with their progress and files. A report
 * narrowed to a lessor, location or device is exported from its own screen (its "Export" menu).
 */
export function FinanceExportPage() {
  const { t } = useTranslation();
  const { accountInfo } = useSession();
  const view = viewOf(accountInfo);
  const { hasComponent } = useAccess();
  const queryClient = useQueryClient();
  const range = monthToDate();
  const [subject, setSubject] = useState<FinanceSubject>('location');
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [period, setPeriod] = useState<FinancePeriod>(DEFAULT_FINANCE_PERIOD);
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [places, setPlaces] = useState<ReportPlaces>({});
  // The places the subject is narrowed by (the company in the All Companies view only), as the report's screen asks.
  const narrowed = () => {
    const chosen: ReportPlaces = {};
    if (view === 'all' && places.company) chosen.company = places.company;
    for (const filter of financeFilters[subject]) if (places[filter]) chosen[filter] = places[filter];
    return chosen;
  };
  const rangeError = financeRangeError(from, to, period);
  const valid = from <= to && rangeError === null;
  const subjects: FinanceSubject[] = [
    'device',
    'location',
    'lessor',
    ...(accountInfo.role === 'admin' || hasComponent('finance.ebitda') ? (['company'] as const) : []),
  ];
  const ask = useMutation({
    mutationFn: () => requestFinanceExport(format, { subject, from, to, period, ...narrowed() }),
    onSuccess: (item) => {
      trackExport(item);
      void queryClient.invalidateQueries({ queryKey: exportKeys.all });
    },
    onError: (error) =>
      notifications.show({ color: 'red', title: t('exports.failedToAsk'), message: failureText(error, t('errors.genericText')) }),
  });
  const tooLong = (field: 'to' | 'period') =>
    rangeError?.field === field ? validationMessage(currentLanguage(), 'range_too_long', { max: rangeError.max }) : undefined;

  return (
    <>
      <PageHeader title={t('exports.title')} subtitle={t('exports.subtitle')} />
      <Paper
        withBorder
        shadow="xs"
        radius="md"
        p="md"
        mb="lg"
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) ask.mutate();
        }}
      >
        <Title order={2} size="h4" mb="sm">
          {t('exports.newTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
          <Select
            label={t('exports.report')}
            data={subjects.map((s) => ({ value: s, label: t(`exports.subjects.${s}`) }))}
            value={subject}
            allowDeselect={false}
            onChange={(value) => setSubject((subjects.find((s) => s === value) ?? 'location') as FinanceSubject)}
          />
          <Select
            label={t('resources.finance.period')}
            data={financePeriods.map((p) => ({ value: p, label: t(`resources.finance.periods.${p}`) }))}
            value={period}
            allowDeselect={false}
            error={tooLong('period')}
            onChange={(value) => setPeriod(financePeriods.find((p) => p === value) ?? DEFAULT_FINANCE_PERIOD)}
          />
          <DayRangeInputs
            from={from}
            to={to}
            error={tooLong('to')}
            onChange={(patch) => {
              if ('from' in patch) setFrom(patch.from ?? range.from);
              if ('to' in patch) setTo(patch.to ?? range.to);
            }}
          />
          <ReportPlaceFilters
            view={view}
            filters={financeFilters[subject]}
            value={places}
            onChange={(patch) => setPlaces((before) => ({ ...before, ...patch }))}
          />
        </SimpleGrid>
        <ExportFormatSubmit formats={FORMATS} format={format} onFormat={setFormat} pending={ask.isPending} disabled={!valid} />
        <Text size="sm" c="dimmed" mt="sm">
          {t('exports.hint')}
        </Text>
      </Paper>
      <ExportProgressPanel />
      <ExportList />
    </>
  );
}
