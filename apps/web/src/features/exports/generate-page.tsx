import {
  can,
  exportPermission,
  exportRangeField,
  type ListExportKind,
  listExportFormats,
  listExportKinds,
  moduleOf,
  resourceComponent,
} from '@kovanica/contract';
import { Anchor, Paper, Select, SimpleGrid, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayRangeInputs } from '../../components/day-range-inputs.tsx';
import { ExportFormatSubmit } from '../../components/export-format-submit.tsx';
import { ExportList } from '../../components/export-list.tsx';
import { failureText } from '../../components/failure-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { type ReportPlaceFilter, ReportPlaceFilters, type ReportPlaces } from '../../components/report-place-filters.tsx';
import { useAccess } from '../../lib/access.ts';
import { monthToDate } from '../../lib/day.ts';
import { exportKeys, requestListExport } from '../../lib/exports.ts';
import { businessDayStart } from '../../lib/list-state.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';

type Format = (typeof listExportFormats)[number];

/** The place filters each list has (the company's is the All Companies view's, for every list). */
const placeFilters: Record<ListExportKind, readonly ReportPlaceFilter[]> = {
  devices: ['location'],
  transactions: ['location', 'device'],
  deposits: ['location', 'device'],
  bills: ['location', 'device'],
  'loyalty-cards': [],
  'card-transactions': ['device'],
  'top-ups': [],
  articles: [],
  repositories: [],
  locations: ['lessor'],
  lessors: [],
};

/**
 * `/exports/generate` (the original's address): any list of the app as CSV or XLSX, with its range
 * (where it has dates) and its place filters, built on the server (decision 0026); the user's exports
 * below with their progress. The data sets offered are the lists the user may read.
 */
export function ExportGeneratePage() {
  const { t } = useTranslation();
  const { accountInfo } = useSession();
  const view = viewOf(accountInfo);
  const { hasModule, hasComponent } = useAccess();
  const queryClient = useQueryClient();
  const range = monthToDate();
  const kinds = listExportKinds.filter((kind) => {
    const permission = exportPermission(kind);
    if (!can(accountInfo.role, permission)) return false;
    if (accountInfo.role === 'admin') return true;
    const module = moduleOf(permission);
    const component = resourceComponent[kind];
    return (!module || hasModule(module)) && (!component || hasComponent(component));
  });
  const [kind, setKind] = useState<ListExportKind | null>(kinds[0] ?? null);
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [format, setFormat] = useState<Format>('xlsx');
  const [places, setPlaces] = useState<ReportPlaces>({});
  const dated = kind ? exportRangeField[kind] : undefined;
  const params = () => {
    if (!kind) return {};
    const chosen: Record<string, string> = {};
    if (dated) {
      // Whole business days, as a list's day range asks (`toApiQuery`): from the first day's start to the day after the last.
      chosen[`${dated}[after]`] = businessDayStart(from);
      chosen[`${dated}[strictly_before]`] = businessDayStart(to, 1);
    }
    if (view === 'all' && places.company) chosen.company = places.company;
    for (const filter of placeFilters[kind]) {
      const value = places[filter];
      if (value) chosen[filter] = value;
    }
    return chosen;
  };
  const valid = kind !== null && (!dated || from <= to);
  const ask = useMutation({
    mutationFn: () => requestListExport(kind as ListExportKind, format, params()),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: exportKeys.all }),
    onError: (error) =>
      notifications.show({ color: 'red', title: t('exports.failedToAsk'), message: failureText(error, t('errors.genericText')) }),
  });

  return (
    <>
      <PageHeader title={t('exports.generateTitle')} subtitle={t('exports.generateSubtitle')} />
      <Paper
        withBorder
        shadow="xs"
        radius="md"
        p="md"
        mb="lg"
        component="form"
        aria-label={t('exports.generateForm')}
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) ask.mutate();
        }}
      >
        <Title order={2} size="h4" mb="sm">
          {t('exports.generateNew')}
        </Title>
        {kinds.length === 0 ? (
          <Text c="dimmed">{t('exports.noDataSets')}</Text>
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
              <Select
                label={t('exports.dataSet')}
                data={kinds.map((k) => ({ value: k, label: t(`exports.kinds.${k}`) }))}
                value={kind}
                allowDeselect={false}
                onChange={(value) => {
                  setKind(kinds.find((k) => k === value) ?? null);
                  setPlaces((before) => ({ company: before.company }));
                }}
              />
              {dated && (
                <DayRangeInputs
                  from={from}
                  to={to}
                  onChange={(patch) => {
                    if ('from' in patch) setFrom(patch.from ?? range.from);
                    if ('to' in patch) setTo(patch.to ?? range.to);
                  }}
                />
              )}
              {kind && (
                <ReportPlaceFilters
                  view={view}
                  filters={placeFilters[kind]}
                  value={places}
                  onChange={(patch) => setPlaces((before) => ({ ...before, ...patch }))}
                />
              )}
            </SimpleGrid>
            <ExportFormatSubmit
              formats={listExportFormats}
              format={format}
              onFormat={setFormat}
              pending={ask.isPending}
              disabled={!valid}
            />
          </>
        )}
        {can(accountInfo.role, 'finance.read') && (accountInfo.role === 'admin' || hasModule('finance')) && (
          <Text size="sm" c="dimmed" mt="sm">
            {t('exports.reportsHint')}{' '}
            <Anchor component={Link} to="/finance-report/export" size="sm" underline="always">
              {t('exports.reportsLink')}
            </Anchor>
          </Text>
        )}
      </Paper>
      <ExportList />
    </>
  );
}
