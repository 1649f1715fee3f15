import { type CompaniesDailyRevenue, formatCount, formatDate, formatMoney, MACHINE_VAT_PERCENT } from '@kovanica/contract';
import { Table, Text, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
// The tables' card, export and report parts, rather than a second set of them.
import { type ExportFormat, ExportMenu, toExportTable, useExportAction } from '../../components/data-table/index.ts';
import {
  ReportBody,
  ReportCells,
  type ReportColumn,
  ReportHeaderCell,
  type ReportStatus,
  ReportTable,
  ReportTotals,
} from '../../components/report-table/index.ts';
import { weekdayName } from '../../lib/day.ts';
import { exportMoney } from '../../lib/export/table.ts';

type Row = CompaniesDailyRevenue['rows'][number];

/** A line of the table: a company, or the totals (its name is "Total", its net never empty). */
export interface CompaniesDailyRevenueLine {
  key: string;
  name: string;
  days: Row['days'];
  revenueCents: number;
  plays: number;
  /** Null for a company outside the VAT system. */
  netCents: number | null;
}

/** A column; its `label` is the header as shown (a day's date, or already translated). */
interface CompaniesDailyRevenueColumn extends ReportColumn<CompaniesDailyRevenueLine> {
  /** What the header shows on screen when not the label (a day: its weekday above it); it stays on one line. */
  header?: ReactNode;
}

const SKELETON_ROWS = 3;
/** Below this width per column the table scrolls sideways inside its card rather than squeezing figures. */
const MIN_COLUMN_WIDTH = 96;

/** The answer as table lines: the companies in the server's order (largest revenue first), then the totals. */
export function linesOf(
  report: CompaniesDailyRevenue,
  totalLabel: string,
): { lines: CompaniesDailyRevenueLine[]; totals: CompaniesDailyRevenueLine } {
  return {
    lines: report.rows.map((r) => ({ ...r, key: r.company, name: r.companyName })),
    totals: { ...report.totals, key: 'totals', name: totalLabel },
  };
}

function useColumns(days: readonly string[]): CompaniesDailyRevenueColumn[] {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
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
        (day, i): CompaniesDailyRevenueColumn => ({
          key: day,
          label: formatDate(day),
          header: (
            <>
              <Text span size="xs" c="dimmed" display="block" fw={500}>
                {weekdayName(day, i18n.language)}
              </Text>
              {formatDate(day)}
            </>
          ),
          align: 'right',
          render: (l) => money(l.days[i]?.revenueCents ?? 0),
          exportValue: (l) => exportMoney(l.days[i]?.revenueCents ?? 0),
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
        exportValue: (l) => exportMoney(l.revenueCents),
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
        exportValue: (l) => exportMoney(l.netCents),
      },
    ];
  }, [t, i18n.language, days]);
}

interface CompaniesDailyRevenueTableProps {
  /** Undefined while the first answer loads; null when the range cannot be asked for (its field says why). */
  report: CompaniesDailyRevenue | null | undefined;
  /** The days of the range, for the headers while the first answer loads. */
  days: readonly string[];
  /** The table's accessible name and the sheet name of an XLSX export, already translated. */
  title: string;
  /** The period the export file's name ends with (`2026-11-01-2026-11-30`), after the title. */
  filePeriod: string;
  filters: ReactNode;
  /** The query behind the figures: its error, refetching and retry. */
  status: ReportStatus;
}

/**
 * A row per company and a column per business day, then the range's total, plays and net; a totals
 * row. Wide ranges scroll sideways inside the card with the company column kept in view.
 */
export function CompaniesDailyRevenueTable({ report, days, title, filePeriod, filters, status }: CompaniesDailyRevenueTableProps) {
  const { t } = useTranslation();
  const columns = useColumns(days);
  const exporter = useExportAction(title, filePeriod);
  const data = useMemo(() => (report ? linesOf(report, t('resources.revenue.totals')) : report), [report, t]);
  // Nothing earned and nothing played in the whole range: say so rather than show a grid of zeros.
  const nothing = data === null || (data !== undefined && data.totals.revenueCents === 0 && data.totals.plays === 0);
  // The companies as shown: none when there is nothing to show, undefined while the first answer loads.
  const lines = data === undefined ? undefined : data === null || nothing ? [] : data.lines;

  const exportAs = (format: ExportFormat) => {
    if (lines === undefined) return;
    return exporter.run(format, async () => ({
      // The table as shown: the companies, then the totals row; only the headers when it is empty.
      table: await toExportTable(title, columns, (c) => c.label, data && !nothing ? [...data.lines, data.totals] : []),
      // Its only filter is its range of days.
      scope: { period: days.length > 0 ? `${formatDate(days[0] as string)} – ${formatDate(days.at(-1) as string)}` : null, filters: [] },
      count: lines.length,
    }));
  };

  return (
    <ReportTable
      title={title}
      toolbar={
        <Text size="sm" c="dimmed">
          {t('resources.companiesDailyRevenue.note', { rate: MACHINE_VAT_PERCENT })}
        </Text>
      }
      tools={<ExportMenu onExport={(format) => void exportAs(format)} busy={exporter.busy} />}
      filters={filters}
      status={{ ...status, hasData: data != null }}
      minWidth={columns.length * MIN_COLUMN_WIDTH}
    >
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            // A day's header stays on one line; the others may wrap (a phone has no room for a long one).
            <ReportHeaderCell key={column.key} align={column.align} nowrap={Boolean(column.header)}>
              {column.header ?? column.label}
            </ReportHeaderCell>
          ))}
        </Table.Tr>
      </Table.Thead>
      <ReportBody columns={columns} lines={lines} skeletonRows={SKELETON_ROWS} />
      {data && !nothing && (
        <ReportTotals>
          <ReportCells columns={columns} line={data.totals} />
        </ReportTotals>
      )}
    </ReportTable>
  );
}
