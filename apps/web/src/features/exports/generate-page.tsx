import {
  can,
  type DeviceGroup,
  deviceGroups,
  type ExportFormat,
  exportComponent,
  exportFormats,
  exportPermission,
  exportRangeField,
  type ListExportKind,
  listExportFormats,
  listExportKinds,
  moduleOf,
  type ReportExportKind,
  reportExportKinds,
  resourceComponent,
} from '@kovanica/contract';
import { Anchor, Paper, Select, SimpleGrid, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ComparisonPresetSelect } from '../../components/comparison-preset-select.tsx';
import { DayRangeInputs } from '../../components/day-range-inputs.tsx';
import { ExportFormatSubmit } from '../../components/export-format-submit.tsx';
import { ExportList } from '../../components/export-list.tsx';
import { failureText } from '../../components/failure-alert.tsx';
import { LoyaltyCardFilters, type LoyaltyCardFilterValue } from '../../components/loyalty-card-filters.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { type ReportPlaceFilter, ReportPlaceFilters, type ReportPlaces } from '../../components/report-place-filters.tsx';
import { useAccess } from '../../lib/access.ts';
import { comparisonKept, comparisonOf, presetOf, type Range } from '../../lib/comparison-presets.ts';
import { monthToDate } from '../../lib/day.ts';
import { exportKeys, requestListExport, requestReportExport } from '../../lib/exports.ts';
import { businessDayStart } from '../../lib/list-state.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';

type Kind = ListExportKind | ReportExportKind;
const isReport = (kind: Kind | null): kind is ReportExportKind => (reportExportKinds as readonly string[]).includes(kind ?? '');

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
  alarms: ['location', 'device'],
};

/**
 * What each report asks beside its range (its screen's filters): the subjects it is by, its periods,
 * its place pickers, and whether it compares with a second range.
 */
const reportFilters: Record<
  ReportExportKind,
  {
    subjects?: readonly string[];
    periods?: readonly string[];
    places: readonly ReportPlaceFilter[];
    compare?: boolean;
    /** The logistic report's device group. */
    group?: boolean;
    /** The loyalty reports' owner; `cards` adds the card report's status and flag. */
    loyalty?: 'owner' | 'cards';
    /** A report of one calendar month (the VAT book): the month the range starts in. */
    month?: boolean;
  }
> = {
  'finance-report': {
    subjects: ['location', 'device', 'lessor', 'company'],
    periods: ['month', 'day', 'week', 'year', 'range'],
    places: ['lessor', 'location', 'device'],
  },
  'token-report': {
    subjects: ['location', 'device', 'lessor'],
    periods: ['month', 'day', 'week', 'year', 'range'],
    places: ['lessor', 'location', 'device'],
  },
  'logistic-report': { subjects: ['device', 'location'], places: ['lessor', 'location', 'device'], group: true },
  'comparative-analysis': { subjects: ['device', 'location', 'lessor'], places: ['lessor', 'location'], compare: true },
  'loyalty-report-general': { periods: ['month', 'week', 'day'], places: [], loyalty: 'owner' },
  'loyalty-report-owners': { places: [], loyalty: 'owner' },
  'loyalty-report-cards': { places: [], loyalty: 'cards' },
  'loyalty-report-holders': { places: [], loyalty: 'owner' },
  'vat-book': { places: [], month: true },
  'product-sales': { places: ['device'] },
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
  const mayRead = (kind: Kind) => {
    const permission = exportPermission(kind);
    if (!can(accountInfo.role, permission)) return false;
    if (accountInfo.role === 'admin') return true;
    const module = moduleOf(permission);
    const component = isReport(kind) ? exportComponent[kind] : resourceComponent[kind];
    return (!module || hasModule(module)) && (!component || hasComponent(component));
  };
  const kinds: Kind[] = [...listExportKinds, ...reportExportKinds].filter(mayRead);
  const [kind, setKind] = useState<Kind | null>(kinds[0] ?? null);
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  // The comparative analysis's second range: as on its screen, the same days a month earlier until another preset or days are chosen.
  const firstCompared = comparisonOf('previousMonth', range);
  const [compared, setCompared] = useState<Range>(firstCompared);
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [places, setPlaces] = useState<ReportPlaces>({});
  const [subject, setSubject] = useState<string | null>(null);
  const [period, setPeriod] = useState<string | null>(null);
  const [group, setGroup] = useState<DeviceGroup | undefined>(undefined);
  const [cards, setCards] = useState<LoyaltyCardFilterValue>({});
  const report = isReport(kind) ? reportFilters[kind] : null;
  const chosenSubject = report?.subjects ? (subject && report.subjects.includes(subject) ? subject : report.subjects[0]) : undefined;
  const chosenPeriod = report?.periods ? (period && report.periods.includes(period) ? period : report.periods[0]) : undefined;
  const dated = kind && !isReport(kind) ? exportRangeField[kind] : undefined;
  const params = () => {
    if (!kind) return {};
    const chosen: Record<string, string> = {};
    if (isReport(kind) && report?.month) {
      // One Zagreb month: the one the range starts in, for the view's or the chosen company.
      chosen.month = from.slice(0, 7);
      if (view === 'all' && places.company) chosen.company = places.company;
      return chosen;
    }
    if (isReport(kind)) {
      // A report's own query: its range, subject, period and places (`financeExportParams` and the like).
      chosen.from = from;
      chosen.to = to;
      if (chosenSubject) chosen.subject = chosenSubject;
      if (chosenPeriod) chosen.period = chosenPeriod;
      if (report?.compare) {
        chosen.compareFrom = compared.from;
        chosen.compareTo = compared.to;
      }
      if (view === 'all' && places.company) chosen.company = places.company;
      for (const filter of reportFilters[kind].places) {
        const value = places[filter];
        if (value) chosen[filter] = value;
      }
      if (report?.group && group) chosen.group = group;
      if (report?.loyalty && cards.owner) chosen.owner = cards.owner;
      if (report?.loyalty === 'cards') {
        if (cards.status) chosen.status = cards.status;
        if (cards.flagged) chosen.flagged = cards.flagged;
      }
      return chosen;
    }
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
  const formats = report ? exportFormats : listExportFormats;
  const chosenFormat: ExportFormat = (formats as readonly ExportFormat[]).includes(format) ? format : 'xlsx';
  const valid = kind !== null && (!(dated || report) || from <= to) && (!report?.compare || compared.from <= compared.to);
  const ask = useMutation({
    mutationFn: () =>
      isReport(kind)
        ? requestReportExport(kind, chosenFormat, params())
        : requestListExport(kind as ListExportKind, chosenFormat === 'pdf' ? 'xlsx' : chosenFormat, params()),
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
                data={[
                  {
                    group: t('exports.lists'),
                    items: kinds.filter((k) => !isReport(k)).map((k) => ({ value: k, label: t(`exports.kinds.${k}`) })),
                  },
                  { group: t('exports.reports'), items: kinds.filter(isReport).map((k) => ({ value: k, label: t(`exports.kinds.${k}`) })) },
                ].filter((g) => g.items.length > 0)}
                value={kind}
                allowDeselect={false}
                onChange={(value) => {
                  setKind(kinds.find((k) => k === value) ?? null);
                  setPlaces((before) => ({ company: before.company }));
                  setGroup(undefined);
                  setCards({});
                }}
              />
              {report?.subjects && (
                <Select
                  label={t('exports.subject')}
                  data={report.subjects.map((s) => ({ value: s, label: t(`resources.finance.subjects.${s}`) }))}
                  value={chosenSubject ?? null}
                  allowDeselect={false}
                  onChange={setSubject}
                />
              )}
              {report?.periods && (
                <Select
                  label={t('resources.finance.period')}
                  data={report.periods.map((p) => ({ value: p, label: t(`resources.finance.periods.${p}`) }))}
                  value={chosenPeriod ?? null}
                  allowDeselect={false}
                  onChange={setPeriod}
                />
              )}
              {(dated || report) && (
                <DayRangeInputs
                  from={from}
                  to={to}
                  onChange={(patch) => {
                    const next = {
                      from: 'from' in patch ? (patch.from ?? range.from) : from,
                      to: 'to' in patch ? (patch.to ?? range.to) : to,
                    };
                    setFrom(next.from);
                    setTo(next.to);
                    // A new range keeps the way it is compared (the comparative analysis's screen does the same).
                    setCompared(comparisonKept({ from, to }, compared, next));
                  }}
                />
              )}
              {report?.compare && (
                <>
                  <ComparisonPresetSelect
                    value={presetOf({ from, to }, compared)}
                    onChange={(preset) => setCompared(comparisonOf(preset, { from, to }))}
                  />
                  <DayRangeInputs
                    from={compared.from}
                    to={compared.to}
                    labels={{ from: t('exports.compareFrom'), to: t('exports.compareTo') }}
                    onChange={(patch) =>
                      setCompared((before) => ({
                        from: 'from' in patch ? (patch.from ?? firstCompared.from) : before.from,
                        to: 'to' in patch ? (patch.to ?? firstCompared.to) : before.to,
                      }))
                    }
                  />
                </>
              )}
              {kind && (
                <ReportPlaceFilters
                  view={view}
                  filters={isReport(kind) ? reportFilters[kind].places : placeFilters[kind]}
                  value={places}
                  onChange={(patch) => setPlaces((before) => ({ ...before, ...patch }))}
                />
              )}
              {report?.group && (
                <Select
                  label={t('resources.devices.fields.group')}
                  placeholder={t('dataTable.any')}
                  clearable
                  data={deviceGroups.map((g) => ({ value: g, label: t(`resources.devices.groups.${g}`) }))}
                  value={group ?? null}
                  onChange={(value) => setGroup(deviceGroups.find((g) => g === value))}
                />
              )}
              {report?.loyalty && (
                <LoyaltyCardFilters
                  view={view}
                  company={places.company}
                  value={cards}
                  cardFilters={report.loyalty === 'cards'}
                  onChange={(patch) => setCards((before) => ({ ...before, ...patch }))}
                />
              )}
            </SimpleGrid>
            <ExportFormatSubmit formats={formats} format={chosenFormat} onFormat={setFormat} pending={ask.isPending} disabled={!valid} />
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
