import type { RevenueReport } from '@kovanica/contract';
import { Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
// The report sits in the list's card and reuses its parts (column choice, headers, export) rather than a second set of them.
import {
  ColumnChooser,
  type ExportFormat,
  ExportMenu,
  SortHeader,
  TableCard,
  toExportTable,
  useColumnVisibility,
} from '../../components/data-table/index.ts';
import { downloadBlob, exportFileName } from '../../lib/export/table.ts';
import classes from './revenue.module.css';
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
  status: { isError: boolean; error: unknown; isFetching: boolean; isPlaceholderData: boolean; refetch: () => unknown };
}

const SKELETON_ROWS = 5;
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
  const [exporting, setExporting] = useState(false);

  const sortColumn = sort ? columns.find((c) => c.key === sort.key) : undefined;
  const sorted = useMemo(
    () => (lines && sort && sortColumn ? sortLines(lines, sortColumn.sortValue, sort.dir) : lines),
    [lines, sort, sortColumn],
  );

  const sortBy = (key: string) =>
    // Ascending, then descending, then back to the report's own order (largest revenue first).
    setSort((current) => (current?.key !== key ? { key, dir: 'asc' } : current.dir === 'asc' ? { key, dir: 'desc' } : null));

  const exportAs = async (format: ExportFormat) => {
    if (!sorted || !totals) return;
    setExporting(true);
    try {
      const table = await toExportTable(title, shown, (c) => t(c.label), sorted);
      if (sorted.length > 0) {
        const row = shown.map((c) => c.total?.exportValue(totals) ?? null);
        // The first cell names the row, unless it holds a total of its own (the naming columns were hidden).
        if (row[0] === null) row[0] = t('resources.revenue.totals');
        table.rows.push(row);
      }
      const fileName = exportFileName(fileStem, format);
      if (format === 'csv') {
        const { toCsv, CSV_MIME } = await import('../../lib/export/csv.ts');
        downloadBlob(new Blob([toCsv(table)], { type: CSV_MIME }), fileName);
      } else {
        const { toXlsx, XLSX_MIME } = await import('../../lib/export/xlsx.ts');
        downloadBlob(new Blob([toXlsx(table) as Uint8Array<ArrayBuffer>], { type: XLSX_MIME }), fileName);
      }
      notifications.show({ color: 'teal', message: t('dataTable.exported', { count: sorted.length }) });
    } catch {
      notifications.show({ color: 'red', message: t('dataTable.exportFailed') });
    } finally {
      setExporting(false);
    }
  };

  const span = shown.length;
  const cellClass = (column: RevenueColumn) => (column.align === 'right' ? classes.figureCell : classes.nameCell);
  const cell = (column: RevenueColumn, content: ReactNode) =>
    column.rowHeader ? (
      <Table.Th key={column.key} scope="row" ta={column.align} className={`${classes.rowHeader} ${cellClass(column)}`}>
        {content}
      </Table.Th>
    ) : (
      <Table.Td key={column.key} ta={column.align} className={cellClass(column)}>
        {content}
      </Table.Td>
    );

  return (
    <TableCard
      title={title}
      toolbar={toolbar}
      tools={
        <>
          <ColumnChooser columns={columns} {...visibility} />
          <ExportMenu onExport={(format) => void exportAs(format)} busy={exporting} />
        </>
      }
      filters={filters}
      status={{ ...status, hasData: sorted !== undefined }}
      failureTitle={t('resources.revenue.loadFailed')}
      minWidth={span * MIN_COLUMN_WIDTH}
      scrollClassName={classes.scroll}
    >
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        horizontalSpacing={8}
        aria-busy={status.isFetching}
        data-stale={status.isPlaceholderData || undefined}
      >
        <VisuallyHidden component="caption">{title}</VisuallyHidden>
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
        <Table.Tbody>
          {!sorted ? (
            Array.from({ length: SKELETON_ROWS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key by
              <Table.Tr key={i}>
                <Table.Td colSpan={span}>
                  <Skeleton height={18} radius="sm" />
                </Table.Td>
              </Table.Tr>
            ))
          ) : sorted.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={span}>
                <Text ta="center" c="dimmed" py="lg">
                  {t('resources.revenue.empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            sorted.map((line) => <Table.Tr key={line.key}>{shown.map((column) => cell(column, column.render(line)))}</Table.Tr>)
          )}
        </Table.Tbody>
        {sorted && sorted.length > 0 && totals && (
          <Table.Tfoot className={classes.totals}>
            <Table.Tr>
              {shown.map((column, i) =>
                i === 0 ? (
                  <Table.Th key={column.key} scope="row" ta={column.total ? column.align : 'left'} className={cellClass(column)}>
                    {column.total ? (
                      <>
                        <VisuallyHidden>{t('resources.revenue.totals')}</VisuallyHidden>
                        {column.total.render(totals)}
                      </>
                    ) : (
                      t('resources.revenue.totals')
                    )}
                  </Table.Th>
                ) : (
                  <Table.Td key={column.key} ta={column.align} className={cellClass(column)}>
                    {column.total?.render(totals)}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </TableCard>
  );
}
