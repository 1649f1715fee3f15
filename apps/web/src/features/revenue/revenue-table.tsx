import type { RevenueReport } from '@kovanica/contract';
import { Table, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
// The report sits in the list's card and reuses its parts (column choice, headers, export) rather than a second set of them.
import {
  ColumnChooser,
  type ExportFormat,
  ExportMenu,
  SortHeader,
  toExportTable,
  useColumnVisibility,
  useExportAction,
} from '../../components/data-table/index.ts';
import { ReportBody, ReportCell, type ReportStatus, ReportTable, ReportTotals } from '../../components/report-table/index.ts';
import type { RevenueColumn } from './revenue-columns.tsx';
import { type RevenueLine, sortLines } from './revenue-rows.ts';

interface RevenueTableProps {
  /** The report's lines (per device or per location); undefined while the first answer loads. */
  lines: RevenueLine[] | undefined;
  totals: RevenueReport['totals'] | undefined;
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
}

/** Below this width per column the table scrolls sideways inside its card rather than squeezing figures. */
const MIN_COLUMN_WIDTH = 80;

type Sort = { key: string; dir: 'asc' | 'desc' } | null;

/**
 * A revenue report as a table: one answer, not pages, so it sorts in the browser; a totals row; the
 * column choice and CSV/XLSX export of what is shown, with the list's writers.
 */
export function RevenueTable({ lines, totals, columns, title, fileStem, storageId, filters, toolbar, status }: RevenueTableProps) {
  const { t } = useTranslation();
  const visibility = useColumnVisibility(columns, storageId);
  const shown = visibility.visibleColumns as RevenueColumn[];
  const [sort, setSort] = useState<Sort>(null);
  const exporter = useExportAction(fileStem);

  const sortColumn = sort ? columns.find((c) => c.key === sort.key) : undefined;
  const sorted = useMemo(
    () => (lines && sort && sortColumn ? sortLines(lines, sortColumn.sortValue, sort.dir) : lines),
    [lines, sort, sortColumn],
  );

  const sortBy = (key: string) =>
    // Ascending, then descending, then back to the report's own order (largest revenue first).
    setSort((current) => (current?.key !== key ? { key, dir: 'asc' } : current.dir === 'asc' ? { key, dir: 'desc' } : null));

  const exportAs = (format: ExportFormat) => {
    if (!sorted || !totals) return;
    return exporter.run(format, async () => {
      const table = await toExportTable(title, shown, (c) => t(c.label), sorted);
      if (sorted.length > 0) {
        const row = shown.map((c) => c.total?.exportValue(totals) ?? null);
        // The first cell names the row, unless it holds a total of its own (the naming columns were hidden).
        if (row[0] === null) row[0] = t('resources.revenue.totals');
        table.rows.push(row);
      }
      return { table, count: sorted.length };
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
      status={{ ...status, hasData: sorted !== undefined }}
      minWidth={shown.length * MIN_COLUMN_WIDTH}
    >
      <Table.Thead>
        <Table.Tr>
          {shown.map((column) => (
            <SortHeader
              key={column.key}
              label={t(column.label)}
              align={column.align}
              direction={sort?.key === column.key ? sort.dir : null}
              onSort={() => sortBy(column.key)}
            />
          ))}
        </Table.Tr>
      </Table.Thead>
      <ReportBody columns={shown} lines={sorted} />
      {sorted && sorted.length > 0 && totals && (
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
