import {
  BILL_COMPARISON_MAX_DAYS,
  type BillComparisonRow,
  type Device,
  formatCount,
  formatDate,
  formatMoney,
  validationMessage,
} from '@kovanica/contract';
import { ActionIcon, Group, Select, SimpleGrid, Skeleton, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconFileAlert, IconTransactionEuro } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ColumnChooser,
  type ExportFormat,
  ExportMenu,
  PaginationBar,
  referenceName,
  toExportTable,
  useColumnVisibility,
  useExportAction,
} from '../../components/data-table/index.ts';
import { DayRangeInputs } from '../../components/day-range-inputs.tsx';
import { DemoHistoryNotice } from '../../components/demo-history-notice.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { ReportCell, type ReportColumn, ReportHeaderCell, ReportTable, ReportTotals } from '../../components/report-table/index.ts';
import { RowTooltip } from '../../components/row-tooltip.tsx';
import { devicesApi } from '../../lib/apis/devices.ts';
import { daysInRange } from '../../lib/day.ts';
import { exportMoney } from '../../lib/export/table.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { DEFAULT_PAGE_SIZE } from '../../lib/list-state.ts';
import { useQueryNow } from '../../lib/query-now.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { billComparisonQuery } from './api.ts';
import classes from './bill-comparison.module.css';
import {
  type ComparedFigures,
  type ComparisonSearch,
  defaultComparisonRange,
  differenceOf,
  differencesFirst,
  mismatchesOf,
  pageOf,
} from './comparison-search.ts';

const route = getRouteApi('/_app/transactions-bills/comparison');
const k = (key: string) => `billComparison.${key}`;

/** A row of the table: a device's day, or the totals (no device, no day). */
interface Line extends ComparedFigures {
  key: string;
  row: BillComparisonRow | null;
  /** `differenceOf` the row; of the totals, the sum of the rows' (a difference either way adds up). */
  differenceCents: number;
}

type Mismatch = ReturnType<typeof mismatchesOf>;
const MIN_COLUMN_WIDTH = 92;
const SKELETON_ROWS = 4;

/** Devices are told apart by their logger's IMEI where names repeat across locations. */
const deviceLabel = (d: Device) => (d.imei ? `${d.name} (${d.imei})` : d.name);

/**
 * A figure that disagrees: marked by colour, weight and words (not colour alone). Plain spans, as a
 * page holds thirty rows of eight figures (decision 0016).
 */
function Flagged({ flagged, children }: { flagged: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  if (!flagged) return children;
  return (
    <span className={classes.flagged}>
      {children}
      <span className={VisuallyHidden.classes.root}>{` (${t(k('mismatch'))})`}</span>
    </span>
  );
}

/** The columns always shown, first and kept in view while the figures scroll: what the row is and how far it is off. */
const KEY_COLUMNS = ['device', 'difference'];

function useColumns(): ReportColumn<Line>[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const figure = (
      key: keyof ComparedFigures,
      label: string,
      flag: keyof Mismatch | null,
      money: boolean,
      defaultHidden = false,
    ): ReportColumn<Line> => ({
      key,
      label: k(label),
      align: 'right',
      defaultHidden,
      render: (l) => {
        const value = money ? formatMoney(l[key]) : formatCount(l[key]);
        return <Flagged flagged={l.row !== null && flag !== null && mismatchesOf(l)[flag]}>{value}</Flagged>;
      },
      exportValue: (l) => (money ? exportMoney(l[key]) : l[key]),
    });
    return [
      {
        key: 'device',
        label: k('deviceAndLocation'),
        rowHeader: true,
        render: (l) =>
          l.row ? (
            <>
              <span className={classes.deviceName}>{l.row.deviceName}</span>
              {l.row.locationName && <span className={classes.locationName}>{l.row.locationName}</span>}
              {mismatchesOf(l).any && <span className={VisuallyHidden.classes.root}>{` (${t(k('mismatch'))})`}</span>}
            </>
          ) : (
            t(k('totals'))
          ),
        exportValue: (l) => l.row?.deviceName ?? t(k('totals')),
        exportAlso: [{ label: k('location'), exportValue: (l) => l.row?.locationName ?? null }],
      },
      {
        key: 'difference',
        label: k('difference'),
        align: 'right',
        render: (l) => <Flagged flagged={l.row !== null && l.differenceCents > 0}>{formatMoney(l.differenceCents)}</Flagged>,
        exportValue: (l) => exportMoney(l.differenceCents),
      },
      {
        key: 'day',
        label: k('day'),
        render: (l) => (l.row ? formatDate(l.row.day) : ''),
        exportValue: (l) => (l.row ? formatDate(l.row.day) : null),
      },
      // The counts stand behind the amounts (the column chooser shows them): the amounts fit a laptop beside the menu.
      figure('payments', 'payments', null, false, true),
      figure('paymentsCents', 'paymentsCents', null, true),
      figure('bills', 'bills', 'bills', false, true),
      figure('billsCents', 'billsCents', 'bills', true),
      figure('fiscalized', 'fiscalized', 'fiscalized', false, true),
      figure('fiscalizedCents', 'fiscalizedCents', 'fiscalized', true),
      figure('unbilled', 'unbilled', 'unbilled', false),
      figure('unfiscalized', 'unfiscalized', 'unfiscalized', false),
    ];
  }, [t]);
}

/** Where a mismatch leads: the device's transactions of that day, and its unfiscalized bills of that day. */
function MismatchLinks({ row }: { row: BillComparisonRow }) {
  const { t } = useTranslation();
  const mismatch = mismatchesOf(row);
  if (!mismatch.any) return null;
  const names = { device: row.deviceName, day: formatDate(row.day) };
  const day = { after: row.day, before: row.day };
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <RowTooltip label={t(k('toTransactions'), names)}>
        <ActionIcon
          variant="subtle"
          renderRoot={(props) => (
            <Link to="/transactions/list" search={{ device: row.device, 'at[after]': day.after, 'at[before]': day.before }} {...props} />
          )}
          aria-label={t(k('toTransactions'), names)}
        >
          <IconTransactionEuro size={18} aria-hidden />
        </ActionIcon>
      </RowTooltip>
      {row.unfiscalized > 0 && (
        <RowTooltip label={t(k('toUnfiscalized'), names)}>
          <ActionIcon
            variant="subtle"
            color="red.9"
            renderRoot={(props) => (
              <Link
                to="/bills/unfiscalized"
                search={{ device: row.device, 'issuedAt[after]': day.after, 'issuedAt[before]': day.before }}
                {...props}
              />
            )}
            aria-label={t(k('toUnfiscalized'), names)}
          >
            <IconFileAlert size={18} aria-hidden />
          </ActionIcon>
        </RowTooltip>
      )}
    </Group>
  );
}

/**
 * `/transactions-bills/comparison`: per device and Zagreb day, the money payments that need a bill
 * against the bills issued and the bills fiscalized, with the payments left without a bill and the
 * bills still without a JIR. The rows that disagree come first, the largest difference first, and are
 * marked, as are their figures that differ; such a row leads to the device's transactions of that day
 * and to its unfiscalized bills. The device and the difference stay in view while the figures scroll.
 */
export function BillComparisonPage() {
  const { t } = useTranslation();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { accountInfo } = useSession();
  const view = viewOf(accountInfo);
  const range = defaultComparisonRange();
  const from = search.from ?? range.from;
  const to = search.to ?? range.to;
  const backwards = to < from;
  const tooLong = daysInRange(from, to) > BILL_COMPARISON_MAX_DAYS;
  const valid = !backwards && !tooLong;
  const columns = useColumns();
  const visibility = useColumnVisibility(columns, 'bill-comparison');
  const chosen = columns.filter((c) => KEY_COLUMNS.includes(c.key) || visibility.isVisible(c));
  const title = t(k('title'));
  const exporter = useExportAction(`bill-comparison-${from}-${to}`);

  const report = useQueryNow({
    ...billComparisonQuery(
      { from, to, ...(search.device ? { device: search.device } : {}), ...(search.mismatches ? { mismatches: 'true' } : {}) },
      view,
    ),
    enabled: valid,
    placeholderData: keepPreviousData,
  });
  const data = valid ? report.data : undefined;
  const byDay = search.order === 'day';
  const lines = useMemo(() => {
    const all = data?.rows.map((row): Line => ({ ...row, key: `${row.device} ${row.day}`, row, differenceCents: differenceOf(row) }));
    return all && !byDay ? differencesFirst(all) : all;
  }, [data, byDay]);
  const totals: Line | null =
    data && lines
      ? { ...data.totals, key: 'totals', row: null, differenceCents: lines.reduce((sum, l) => sum + l.differenceCents, 0) }
      : null;
  const page = search.page ?? 1;
  const itemsPerPage = search.itemsPerPage ?? DEFAULT_PAGE_SIZE;
  const shown = lines ? pageOf(lines, page, itemsPerPage) : undefined;

  /** Every change stays in the URL; a new filter goes back to the first page. */
  const set = (patch: Partial<ComparisonSearch>, replace = true) =>
    void navigate({ search: (prev) => ({ ...prev, page: undefined, ...patch }), replace });

  /** The file's filters (decision 0042): the device and the switch, in words. */
  const exportFilters = async () => [
    ...(search.device ? [{ label: t(k('device')), value: await referenceName(search.device) }] : []),
    ...(search.mismatches ? [{ label: t(k('onlyMismatches')), value: t('dataTable.yes') }] : []),
  ];

  const exportAs = (format: ExportFormat) => {
    if (!lines || !totals) return;
    return exporter.run(format, async () => ({
      // The columns shown, the rows in the order shown, then the totals.
      table: await toExportTable(title, chosen, (c) => t(c.label), [...lines, totals]),
      scope: { period: `${formatDate(from)} – ${formatDate(to)}`, filters: await exportFilters() },
      count: lines.length,
    }));
  };

  const span = chosen.length + 1;
  return (
    <>
      <PageHeader title={title} subtitle={t(k('subtitle'), { from: formatDate(from), to: formatDate(to) })} />
      <DemoHistoryNotice />
      <div className={classes.comparison}>
        <ReportTable
          title={title}
          toolbar={
            <Text size="sm" c="dimmed">
              {t(k('note'))}
            </Text>
          }
          tools={
            <Group gap="xs">
              <ColumnChooser columns={columns.filter((c) => !KEY_COLUMNS.includes(c.key))} {...visibility} />
              <ExportMenu onExport={(format) => void exportAs(format)} busy={exporter.busy} />
            </Group>
          }
          filters={
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="sm" verticalSpacing="xs">
              <DayRangeInputs
                from={from}
                to={to}
                onChange={(patch) => set(patch)}
                error={tooLong ? validationMessage(currentLanguage(), 'range_too_long', { max: BILL_COMPARISON_MAX_DAYS }) : undefined}
              />
              <ReferenceSelect
                api={devicesApi}
                optionLabel={deviceLabel}
                label={t(k('device'))}
                placeholder={t('dataTable.any')}
                clearable
                value={search.device ?? null}
                onChange={(device) => set({ device: device ?? undefined }, false)}
              />
              <Select
                label={t(k('order'))}
                data={[
                  { value: 'difference', label: t(k('orderDifference')) },
                  { value: 'day', label: t(k('orderDay')) },
                ]}
                value={byDay ? 'day' : 'difference'}
                allowDeselect={false}
                onChange={(value) => set({ order: value === 'day' ? 'day' : undefined }, false)}
              />
              <Switch
                label={t(k('onlyMismatches'))}
                checked={search.mismatches === true}
                onChange={(event) => set({ mismatches: event.currentTarget.checked ? true : undefined }, false)}
                style={{ alignSelf: 'end' }}
                mb={8}
              />
            </SimpleGrid>
          }
          status={{ ...report, hasData: data !== undefined }}
          minWidth={span * MIN_COLUMN_WIDTH}
          footer={
            lines &&
            lines.length > 0 && (
              <PaginationBar
                page={page}
                itemsPerPage={itemsPerPage}
                total={lines.length}
                onPage={(next) => set({ page: next }, false)}
                onItemsPerPage={(size) => set({ itemsPerPage: size === DEFAULT_PAGE_SIZE ? undefined : size }, false)}
              />
            )
          }
        >
          <Table.Thead>
            <Table.Tr>
              {chosen.map((column) => (
                <ReportHeaderCell key={column.key} align={column.align}>
                  {t(column.label)}
                </ReportHeaderCell>
              ))}
              <ReportHeaderCell align="right">{t('dataTable.actions')}</ReportHeaderCell>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {!shown ? (
              Array.from({ length: valid ? SKELETON_ROWS : 1 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key by
                <Table.Tr key={i}>
                  <Table.Td colSpan={span}>
                    {valid ? (
                      <Skeleton height={18} radius="sm" />
                    ) : (
                      <Text c="dimmed" py="lg">
                        {t(k('fixRange'))}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))
            ) : shown.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={span}>
                  <Text c="dimmed" py="lg">
                    {t(search.mismatches ? k('noMismatches') : k('empty'))}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              shown.map((line) => {
                const mismatch = line.row !== null && mismatchesOf(line).any;
                return (
                  <Table.Tr key={line.key} className={mismatch ? classes.mismatchRow : undefined} data-mismatch={mismatch || undefined}>
                    {chosen.map((column) => (
                      <ReportCell key={column.key} align={column.align} rowHeader={column.rowHeader}>
                        {column.render(line)}
                      </ReportCell>
                    ))}
                    <ReportCell align="right">{line.row && <MismatchLinks row={line.row} />}</ReportCell>
                  </Table.Tr>
                );
              })
            )}
          </Table.Tbody>
          {totals && lines && lines.length > 0 && (
            <ReportTotals>
              {chosen.map((column) => (
                <ReportCell key={column.key} align={column.align} rowHeader={column.rowHeader}>
                  {column.render(totals)}
                </ReportCell>
              ))}
              <ReportCell />
            </ReportTotals>
          )}
        </ReportTable>
      </div>
    </>
  );
}
