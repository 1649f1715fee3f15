import { formatDate } from '@kovanica/contract';
import { Table, VisuallyHidden } from '@mantine/core';
import { Fragment, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '../../lib/list-state.ts';
import type { ReportPage } from '../../lib/report-search.ts';
// The report sits in the list's card and reuses its parts (column choice, headers, export) rather than a second set of them.
import {
  ColumnChooser,
  collectRows,
  type ExportFormat,
  ExportMenu,
  PaginationBar,
  SortHeader,
  toExportTable,
  useColumnVisibility,
  useExportAction,
} from '../data-table/index.ts';
import type { TotalsColumn } from './report-columns.tsx';
import { ReportBody, ReportCell, type ReportStatus, ReportTable, ReportTotals } from './report-table.tsx';

/** What a server-paged report answers: a page of its rows and the totals of all of them. */
export interface ReportAnswer<R, T> {
  '@id': string;
  rows: R[];
  totalItems: number;
  page: number;
  itemsPerPage: number;
  totals: T;
}

export interface PagedReportTableProps<R, L extends { key: string }, T, C extends TotalsColumn<L, T>> {
  /** The page of the report on screen; undefined while the first answer loads, null when there is none to ask for (a range the report refuses). */
  report: ReportAnswer<R, T> | null | undefined;
  /** The rows as the table's lines (each with a key unique in the table), in the server's order. */
  linesOf: (rows: readonly R[]) => L[];
  columns: readonly C[];
  /** The table's accessible name and the sheet name of an XLSX export, already translated. */
  title: string;
  /**
   * The period an export file's name ends with before the day of the export (`2026-05-01-2026-05-14`;
   * empty for none): the name starts with the title, in the user's language (decision 0042).
   */
  filePeriod: string;
  /** Keeps the column choice of one report (and grouping) apart from another. */
  storageId: string;
  /** Filters above the table. */
  filters?: ReactNode;
  /** Controls at the start of the toolbar (e.g. the grouping switch). */
  toolbar?: ReactNode;
  /** The query behind the lines: its error, refetching and retry. */
  status: ReportStatus;
  /** Which page and how many lines, from the URL: the pages below follow a click at once, before the answer. */
  paging: ReportPage;
  /** A change of page or page size, to merge into the URL's search. */
  onPaging: (paging: ReportPage) => void;
  /** A page of the same report (same filters and order) for the export. */
  fetchPage: (page: number, itemsPerPage: number) => Promise<ReportAnswer<R, T>>;
  /** What the table says without lines, when not "No data for the selected timeframe" (no report asked for yet). */
  empty?: ReactNode;
  /**
   * The report's active filters in the user's words (`Location`, `Riva — caffe bar`), for the lines of
   * what its file holds (decision 0042); its period is the answer's `from` and `to`. A report that
   * does not give them writes no such lines (rather than claim a filtered file holds every row).
   */
  exportFilters?: () => Promise<{ label: string; value: string }[]>;
  /** The period a file says it holds, when not the answer's `from` – `to` (the comparative analysis's two ranges). */
  exportPeriod?: string;
  /** A column's header cell; a plain header unless given (the revenue reports' sort buttons). */
  header?: (column: C, label: string) => ReactNode;
}

/** Below this width per column the table scrolls sideways inside its card rather than squeezing figures. */
const MIN_COLUMN_WIDTH = 80;

/**
 * A report as a table of server-paged lines (decision 0015): a totals row of all lines, the pages
 * below, and CSV/XLSX export of every line (with the totals row last) with the list's writers. The
 * revenue reports and the finance reports are each one of these.
 */
export function PagedReportTable<R, L extends { key: string }, T, C extends TotalsColumn<L, T>>(props: PagedReportTableProps<R, L, T, C>) {
  const {
    report,
    linesOf,
    columns,
    title,
    filePeriod,
    storageId,
    filters,
    toolbar,
    status,
    paging,
    onPaging,
    fetchPage,
    header,
    empty,
    exportFilters,
    exportPeriod,
  } = props;
  const { t } = useTranslation();
  const visibility = useColumnVisibility(columns, storageId);
  const shown = visibility.visibleColumns as C[];
  const exporter = useExportAction(title, filePeriod);
  const lines = useMemo(() => (report === null ? [] : report && linesOf(report.rows)), [report, linesOf]);
  const totals = report?.totals;
  const totalsLabel = t('resources.revenue.totals');

  const exportAs = (format: ExportFormat) => {
    if (totals === undefined) return;
    return exporter.run(format, async () => {
      const { rows, total, exact } = await collectRows(async (page, itemsPerPage) => {
        const answer = await fetchPage(page, itemsPerPage);
        return {
          '@id': answer['@id'],
          '@type': 'Collection',
          member: answer.rows,
          totalItems: answer.totalItems,
          view: { '@id': answer['@id'] },
        };
      });
      const all = linesOf(rows);
      const table = await toExportTable(title, shown, (c) => t(c.label), all);
      if (all.length > 0) {
        const row = shown.map((c) => c.total?.exportValue(totals) ?? null);
        // The first cell names the row, unless it holds a total of its own (the naming columns were hidden).
        if (row[0] === null) row[0] = totalsLabel;
        table.rows.push(row);
      }
      const { from, to } = (report ?? {}) as { from?: unknown; to?: unknown };
      const period =
        exportPeriod ?? (typeof from === 'string' && typeof to === 'string' ? `${formatDate(from)} – ${formatDate(to)}` : null);
      const scope = exportFilters ? { period, filters: await exportFilters() } : undefined;
      return { table, scope, count: all.length, total, totalExact: exact };
    });
  };

  return (
    <ReportTable
      title={title}
      toolbar={toolbar}
      tools={
        <>
          <ColumnChooser columns={columns} {...visibility} />
          <ExportMenu onExport={(format) => void exportAs(format)} busy={exporter.busy} />
        </>
      }
      filters={filters}
      status={{ ...status, hasData: lines !== undefined }}
      minWidth={shown.length * MIN_COLUMN_WIDTH}
      footer={
        report && (
          <PaginationBar
            page={paging.page ?? 1}
            itemsPerPage={paging.itemsPerPage ?? DEFAULT_PAGE_SIZE}
            total={report.totalItems}
            onPage={(page) => onPaging({ page: page > 1 ? page : undefined })}
            onItemsPerPage={(size) => onPaging({ itemsPerPage: size === DEFAULT_PAGE_SIZE ? undefined : size, page: undefined })}
          />
        )
      }
    >
      <Table.Thead>
        <Table.Tr>
          {shown.map((column) => (
            <Fragment key={column.key}>
              {header ? header(column, t(column.label)) : <SortHeader label={t(column.label)} align={column.align} direction={null} />}
            </Fragment>
          ))}
        </Table.Tr>
      </Table.Thead>
      <ReportBody columns={shown} lines={lines} empty={empty} />
      {lines && lines.length > 0 && totals !== undefined && (
        <ReportTotals>
          {shown.map((column, i) =>
            i === 0 ? (
              // The row's name, in whichever column comes first (a figure column when the naming ones are hidden).
              <ReportCell key={column.key} align={column.align} ta={column.total ? column.align : 'left'} rowHeader plain>
                {column.total ? (
                  <>
                    <VisuallyHidden>{totalsLabel}</VisuallyHidden>
                    {column.total.render(totals)}
                  </>
                ) : (
                  totalsLabel
                )}
              </ReportCell>
            ) : (
              <ReportCell key={column.key} align={column.align}>
                {column.total?.render(totals)}
              </ReportCell>
            ),
          )}
        </ReportTotals>
      )}
    </ReportTable>
  );
}
