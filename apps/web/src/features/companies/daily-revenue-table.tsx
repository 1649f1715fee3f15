import { type CompaniesDailyRevenue, formatDate, formatMoney, MACHINE_VAT_PERCENT } from '@kovanica/contract';
import { Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
// The tables' card and export parts and the revenue report's table styles, rather than a second set of them.
import { type ExportFormat, ExportMenu } from '../../components/data-table/export-menu.tsx';
import { toExportTable } from '../../components/data-table/export-rows.ts';
import { TableCard } from '../../components/data-table/table-card.tsx';
import type { Column } from '../../components/data-table/types.ts';
import { downloadBlob, exportFileName } from '../../lib/export/table.ts';
import classes from '../revenue/revenue.module.css';
import { formatCount } from '../revenue/revenue-columns.tsx';

type Row = CompaniesDailyRevenue['rows'][number];

/** A line of the table: a company, or the totals (its name is "Total", its net never empty). */
export interface DailyRevenueLine {
  key: string;
  name: string;
  days: Row['days'];
  revenueCents: number;
  plays: number;
  /** Null for a company outside the VAT system. */
  netCents: number | null;
}

/** A column; its `label` is the header as shown (a day's date, or already translated). */
interface DailyRevenueColumn extends Column<DailyRevenueLine> {
  /** What the header shows on screen when not the label (a day: its weekday above it); it stays on one line. */
  header?: ReactNode;
  rowHeader?: boolean;
}

/** Exports keep money as a number of euros, so a spreadsheet can add it up. */
const euros = (cents: number | null) => (cents === null ? null : cents / 100);
const SKELETON_ROWS = 3;
/** Below this width per column the table scrolls sideways inside its card rather than squeezing figures. */
const MIN_COLUMN_WIDTH = 96;

/** The answer as table lines: the companies in the server's order (largest revenue first), then the totals. */
export function linesOf(report: CompaniesDailyRevenue, totalLabel: string): { lines: DailyRevenueLine[]; totals: DailyRevenueLine } {
  return {
    lines: report.rows.map((r) => ({ ...r, key: r.company, name: r.companyName })),
    totals: { ...report.totals, key: 'totals', name: totalLabel },
  };
}

function useColumns(days: readonly string[]): DailyRevenueColumn[] {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const weekday = new Intl.DateTimeFormat(i18n.language === 'hr' ? 'hr-HR' : 'en-GB', { weekday: 'short', timeZone: 'UTC' });
    const notInVat = t('resources.companiesDailyRevenue.notInVat');
    const money = (cents: number) =>
      cents === 0 ? (
        <Text span c="dimmed" inherit>
          {formatMoney(0)}
        </Text>
      ) : (
        formatMoney(cents)
      );
    return [
      {
        key: 'company',
        label: t('resources.companiesDailyRevenue.company'),
        rowHeader: true,
        render: (l) => l.name,
        exportValue: (l) => l.name,
      },
      ...days.map(
        (day, i): DailyRevenueColumn => ({
          key: day,
          label: formatDate(day),
          header: (
            <>
              <Text span size="xs" c="dimmed" display="block" fw={500}>
                {weekday.format(new Date(`${day}T12:00:00Z`))}
              </Text>
              {formatDate(day)}
            </>
          ),
          align: 'right',
          render: (l) => money(l.days[i]?.revenueCents ?? 0),
          exportValue: (l) => euros(l.days[i]?.revenueCents ?? 0),
        }),
      ),
      {
        key: 'revenueCents',
        label: t('resources.revenue.totals'),
        align: 'right',
        render: (l) => (
          <Text span fw={700} inherit>
            {formatMoney(l.revenueCents)}
          </Text>
        ),
        exportValue: (l) => euros(l.revenueCents),
      },
      {
        key: 'plays',
        label: t('resources.revenue.fields.plays'),
        align: 'right',
        render: (l) => formatCount(l.plays),
        exportValue: (l) => l.plays,
      },
      {
        key: 'netCents',
        // The rate is in the note above the table; the export has no note, so its header says it.
        label: t('resources.companiesDailyRevenue.net', { rate: MACHINE_VAT_PERCENT }),
        header: t('resources.companiesDailyRevenue.netShort'),
        align: 'right',
        render: (l) =>
          l.netCents === null ? (
            // Positioned, so the hidden words stay inside the scrolling table rather than widening the page.
            <Text span c="dimmed" inherit title={notInVat} pos="relative">
              –<VisuallyHidden>{notInVat}</VisuallyHidden>
            </Text>
          ) : (
            formatMoney(l.netCents)
          ),
        exportValue: (l) => euros(l.netCents),
      },
    ];
  }, [t, i18n.language, days]);
}

interface DailyRevenueTableProps {
  /** Undefined while the first answer loads; null when the range cannot be asked for (its field says why). */
  report: CompaniesDailyRevenue | null | undefined;
  /** The days of the range, for the headers while the first answer loads. */
  days: readonly string[];
  /** The table's accessible name and the sheet name of an XLSX export, already translated. */
  title: string;
  fileStem: string;
  filters: ReactNode;
  /** The query behind the figures: its error, refetching and retry. */
  status: { isError: boolean; error: unknown; isFetching: boolean; isPlaceholderData: boolean; refetch: () => unknown };
}

/**
 * A row per company and a column per business day, then the range's total, plays and net; a totals
 * row. Wide ranges scroll sideways inside the card with the company column kept in view.
 */
export function DailyRevenueTable({ report, days, title, fileStem, filters, status }: DailyRevenueTableProps) {
  const { t } = useTranslation();
  const columns = useColumns(days);
  const [exporting, setExporting] = useState(false);
  const data = useMemo(() => (report ? linesOf(report, t('resources.revenue.totals')) : report), [report, t]);
  // Nothing earned and nothing played in the whole range: say so rather than show a grid of zeros.
  const nothing = data === null || (data !== undefined && data.totals.revenueCents === 0 && data.totals.plays === 0);

  const exportAs = async (format: ExportFormat) => {
    if (data === undefined) return;
    setExporting(true);
    try {
      // The table as shown: the companies, then the totals row; only the headers when it is empty.
      const shown = data === null || nothing ? [] : data.lines;
      const table = await toExportTable(title, columns, (c) => c.label, data === null || nothing ? [] : [...shown, data.totals]);
      const fileName = exportFileName(fileStem, format);
      if (format === 'csv') {
        const { toCsv, CSV_MIME } = await import('../../lib/export/csv.ts');
        downloadBlob(new Blob([toCsv(table)], { type: CSV_MIME }), fileName);
      } else {
        const { toXlsx, XLSX_MIME } = await import('../../lib/export/xlsx.ts');
        downloadBlob(new Blob([toXlsx(table) as Uint8Array<ArrayBuffer>], { type: XLSX_MIME }), fileName);
      }
      notifications.show({ color: 'teal', message: t('dataTable.exported', { count: shown.length }) });
    } catch {
      notifications.show({ color: 'red', message: t('dataTable.exportFailed') });
    } finally {
      setExporting(false);
    }
  };

  const cellClass = (column: DailyRevenueColumn) => (column.align === 'right' ? classes.figureCell : classes.nameCell);
  const cell = (column: DailyRevenueColumn, content: ReactNode) =>
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
      toolbar={
        <Text size="sm" c="dimmed">
          {t('resources.companiesDailyRevenue.note', { rate: MACHINE_VAT_PERCENT })}
        </Text>
      }
      tools={<ExportMenu onExport={(format) => void exportAs(format)} busy={exporting} />}
      filters={filters}
      status={{ ...status, hasData: data != null }}
      failureTitle={t('resources.revenue.loadFailed')}
      minWidth={columns.length * MIN_COLUMN_WIDTH}
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
            {columns.map((column) => (
              <Table.Th
                key={column.key}
                scope="col"
                ta={column.align}
                // A day's header stays on one line; the others may wrap (a phone has no room for a long one).
                className={column.header ? classes.figureCell : undefined}
              >
                {column.header ?? column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data === undefined ? (
            Array.from({ length: SKELETON_ROWS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key by
              <Table.Tr key={i}>
                <Table.Td colSpan={columns.length}>
                  <Skeleton height={18} radius="sm" />
                </Table.Td>
              </Table.Tr>
            ))
          ) : data === null || nothing ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text c="dimmed" py="lg">
                  {t('resources.revenue.empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            data.lines.map((line) => <Table.Tr key={line.key}>{columns.map((column) => cell(column, column.render(line)))}</Table.Tr>)
          )}
        </Table.Tbody>
        {data && !nothing && (
          <Table.Tfoot className={classes.totals}>
            <Table.Tr>{columns.map((column) => cell(column, column.render(data.totals)))}</Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </TableCard>
  );
}
