import type { RevenueOrderField, RevenueReport } from '@kovanica/contract';
import { SortHeader } from '../../components/data-table/index.ts';
import { PagedReportTable, type PagedReportTableProps } from '../../components/report-table/index.ts';
import type { RevenueColumn } from './revenue-columns.tsx';
import { linesOf, type RevenueLine, type RevenueParts } from './revenue-rows.ts';
import type { ReportPaging } from './revenue-search.ts';

type RevenueTableProps = Omit<
  PagedReportTableProps<RevenueReport['rows'][number], RevenueLine, RevenueParts, RevenueColumn>,
  'linesOf' | 'header' | 'paging' | 'onPaging'
> & {
  /** Which page, how many lines and in which order, from the URL. */
  paging: ReportPaging;
  onPaging: (paging: ReportPaging) => void;
};

/**
 * A revenue report as a table of server-paged lines (decision 0015), with a totals row, the pages and
 * export; a header click asks the server for another order (ascending, descending, then the report's
 * own: largest revenue first).
 */
export function RevenueTable({ paging, onPaging, ...props }: RevenueTableProps) {
  const orderBy = (field: RevenueOrderField) => {
    const next: ReportPaging =
      paging.sort !== field ? { sort: field } : paging.dir !== 'desc' ? { sort: field, dir: 'desc' } : { sort: undefined, dir: undefined };
    onPaging({ ...next, dir: next.dir, page: undefined });
  };
  return (
    <PagedReportTable
      {...props}
      linesOf={linesOf}
      paging={paging}
      onPaging={onPaging}
      header={(column, label) => (
        <SortHeader
          label={label}
          align={column.align}
          direction={paging.sort === column.orderField ? (paging.dir ?? 'asc') : null}
          onSort={() => orderBy(column.orderField)}
        />
      )}
    />
  );
}
