import type { RevenueOrderField, RevenueReport } from '@kovanica/contract';
import { Table, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
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
} from '../../components/data-table/index.ts';
import { ReportBody, ReportCell, type ReportStatus, ReportTable, ReportTotals } from '../../components/report-table/index.ts';
import { DEFAULT_PAGE_SIZE } from '../../lib/list-state.ts';
import type { RevenueColumn } from './revenue-columns.tsx';
import { linesOf } from './revenue-rows.ts';
import type { ReportPaging } from './revenue-search.ts';

interface RevenueTableProps {
  /** The page of the report on screen; undefined while the first answer loads. */
  report: RevenueReport | undefined;
  columns: readonly RevenueColumn[];
  /** The table's accessible name and the sheet name of an XLSX export, already translated. */
  title: string;
  /** The export file's name before the day of the export, e.g. `detailed-review-2026-05-01-2026-05-14`. */
  fileStem: string;
  /** Keeps the column choice of one report (and grouping) apart from another. */
  storageId: string;
  /** Filters above the table. */
  filters?: ReactNode;
  /** Controls at the start of the toolbar (e.g. the grouping switch). */
  toolbar?: ReactNode;
  /** The query behind the lines: its error, refetching and retry. */
  status: ReportStatus;
  /** Which page, how many lines and in which order, from the URL. */
  paging: ReportPaging;
  onPaging: (paging: ReportPaging) => void;
  /** A page of the same report (same filters and order) for the export. */
  fetchPage: (page: number, itemsPerPage: number) => Promise<RevenueReport>;
}

/** Below this width per column the table scrolls sideways inside its card rather than squeezing figures. */
const MIN_COLUMN_WIDTH = 80;

/**
 * A revenue report as a table of server-paged lines (decision 0015): a header click asks the server for
 * another order (ascending, descending, then the report's own: largest revenue first), a totals row of
 * all lines, the pages below, and CSV/XLSX export of every line in that order with the list's writers.
 */
export function RevenueTable(props: RevenueTableProps) {
  const { report, columns, title, fileStem, storageId, filters, toolbar, status, paging, onPaging, fetchPage } = props;
  const { t } = useTranslation();
  const visibility = useColumnVisibility(columns, storageId);
  const shown = visibility.visibleColumns as RevenueColumn[];
  const exporter = useExportAction(fileStem);
  const lines = useMemo(() => report && linesOf(report.rows), [report]);
  const totals = report?.totals;

  const orderBy = (field: RevenueOrderField) => {
    const next: ReportPaging =
      paging.sort !== field ? { sort: field } : paging.dir !== 'desc' ? { sort: field, dir: 'desc' } : { sort: undefined, dir: undefined };
    onPaging({ ...next, dir: next.dir, page: undefined });
  };

  const exportAs = (format: ExportFormat) => {
    if (!totals) return;
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
        if (row[0] === null) row[0] = t('resources.revenue.totals');
        table.rows.push(row);
      }
      return { table, count: all.length, total, totalExact: exact };
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
            page={report.page}
            itemsPerPage={report.itemsPerPage}
            total={report.totalItems}
            onPage={(page) => onPaging({ ...paging, page: page > 1 ? page : undefined })}
            onItemsPerPage={(size) => onPaging({ ...paging, itemsPerPage: size === DEFAULT_PAGE_SIZE ? undefined : size, page: undefined })}
          />
        )
      }
    >
      <Table.Thead>
        <Table.Tr>
          {shown.map((column) => (
            <SortHeader
              key={column.key}
              label={t(column.label)}
              align={column.align}
              direction={paging.sort === column.orderField ? (paging.dir ?? 'asc') : null}
              onSort={() => orderBy(column.orderField)}
            />
          ))}
        </Table.Tr>
      </Table.Thead>
      <ReportBody columns={shown} lines={lines} />
      {lines && lines.length > 0 && totals && (
        <ReportTotals>
          {shown.map((column, i) =>
            i === 0 ? (
              // The row's name, in whichever column comes first (a figure column when the naming ones are hidden).
              <ReportCell key={column.key} align={column.align} ta={column.total ? column.align : 'left'} rowHeader plain>
                {column.total ? (
                  <>
                    <VisuallyHidden>{t('resources.revenue.totals')}</VisuallyHidden>
                    {column.total.render(totals)}
                  </>
                ) : (
                  t('resources.revenue.totals')
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
