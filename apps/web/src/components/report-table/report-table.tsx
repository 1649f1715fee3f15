import { Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, TableCard, type TableCardProps, Td, Th } from '../data-table/index.ts';
import classes from './report-table.module.css';

/** A report's column: a list column that may name its row (`<th scope="row">`, kept in view). */
export interface ReportColumn<T> extends Column<T> {
  rowHeader?: boolean;
}

/** The query behind a report: its failure and retry, refetching, the previous answer kept on screen. */
export interface ReportStatus {
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

interface ReportTableProps extends Pick<TableCardProps, 'title' | 'toolbar' | 'tools' | 'filters' | 'minWidth' | 'footer'> {
  /** `hasData`: there is an answer to keep under a failure of the next one. */
  status: ReportStatus & { hasData: boolean };
  /** The table's head, `ReportBody` and `ReportTotals`. */
  children: ReactNode;
}

/**
 * A report (a totals row, its own paging in the footer when it has any) in the list's card: the column that
 * names each row stays in view while the figures scroll sideways; figures never break.
 */
export function ReportTable({ title, toolbar, tools, filters, minWidth, footer, status, children }: ReportTableProps) {
  const { t } = useTranslation();
  return (
    <TableCard
      title={title}
      toolbar={toolbar}
      tools={tools}
      filters={filters}
      status={status}
      failureTitle={t('resources.revenue.loadFailed')}
      minWidth={minWidth}
      footer={footer}
      scrollClassName={classes.scroll}
    >
      <Table
        // New when the first answer comes, as the list's (DataTable): the skeleton's head would grow.
        key={status.hasData ? 'rows' : 'skeleton'}
        striped
        highlightOnHover
        verticalSpacing="xs"
        horizontalSpacing={8}
        aria-busy={status.isFetching}
        data-stale={status.isPlaceholderData || undefined}
      >
        <VisuallyHidden component="caption">{title}</VisuallyHidden>
        {children}
      </Table>
    </TableCard>
  );
}

/** A column header that stays on one line (a day's date under its weekday); others may wrap. */
export function ReportHeaderCell({ align, nowrap, children }: { align?: Column<unknown>['align']; nowrap?: boolean; children: ReactNode }) {
  return (
    <Th scope="col" ta={align} className={nowrap ? classes.figureCell : undefined}>
      {children}
    </Th>
  );
}

interface ReportCellProps {
  /** The column's: a right-aligned figure stays on one line, a name gets room. */
  align?: Column<unknown>['align'];
  /** The text's alignment when not the column's (the totals' label in a column of figures). */
  ta?: Column<unknown>['align'];
  /** The cell names its row: `<th scope="row">`, bold, with room for a two-word name. */
  rowHeader?: boolean;
  /** With `rowHeader`: a `<th scope="row">` without those looks (the totals' label in a column that names no rows). */
  plain?: boolean;
  children?: ReactNode;
}

/** A cell of a report: figures (right-aligned) stay on one line, names get room. */
export function ReportCell({ align, ta = align, rowHeader, plain, children }: ReportCellProps) {
  const className = align === 'right' ? classes.figureCell : classes.nameCell;
  if (!rowHeader) {
    return (
      <Td ta={ta} className={className}>
        {children}
      </Td>
    );
  }
  return (
    <Th scope="row" ta={ta} className={plain ? className : `${classes.rowHeader} ${className}`}>
      {children}
    </Th>
  );
}

/** A line's cells, one per (shown) column. */
export function ReportCells<T>({ columns, line }: { columns: readonly ReportColumn<T>[]; line: T }) {
  return columns.map((column) => (
    <ReportCell key={column.key} align={column.align} rowHeader={column.rowHeader}>
      {column.render(line)}
    </ReportCell>
  ));
}

interface ReportBodyProps<T> {
  columns: readonly ReportColumn<T>[];
  /** Undefined while the first answer loads (skeleton rows); none says "No data for the selected timeframe". */
  lines: readonly T[] | undefined;
  skeletonRows?: number;
  /** What no lines say instead of "No data for the selected timeframe" (a report that waits for a filter). */
  empty?: ReactNode;
}

/** The report's body: its lines, or skeleton rows while the first answer loads, or the empty message. */
export function ReportBody<T extends { key: string }>({ columns, lines, skeletonRows = 5, empty }: ReportBodyProps<T>) {
  const { t } = useTranslation();
  const span = columns.length;
  return (
    <Table.Tbody>
      {!lines ? (
        Array.from({ length: skeletonRows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key by
          <Table.Tr key={i}>
            <Table.Td colSpan={span}>
              <Skeleton height={18} radius="sm" />
            </Table.Td>
          </Table.Tr>
        ))
      ) : lines.length === 0 ? (
        <Table.Tr>
          <Table.Td colSpan={span}>
            <Text ta="center" c="dimmed" py="lg" className={classes.emptyMessage}>
              {empty ?? t('resources.revenue.empty')}
            </Text>
          </Table.Td>
        </Table.Tr>
      ) : (
        lines.map((line) => (
          <Table.Tr key={line.key}>
            <ReportCells columns={columns} line={line} />
          </Table.Tr>
        ))
      )}
    </Table.Tbody>
  );
}

/** The totals row under the lines, set apart; its cells are the children. */
export function ReportTotals({ children }: { children: ReactNode }) {
  return (
    <Table.Tfoot className={classes.totals}>
      <Table.Tr>{children}</Table.Tr>
    </Table.Tfoot>
  );
}
