export { PagedReportTable, type PagedReportTableProps, type ReportAnswer } from './paged-report-table.tsx';
export {
  countColumn,
  moneyColumn,
  nameColumn,
  noValue,
  percentColumn,
  percentOf,
  type TotalsColumn,
  withoutTotal,
} from './report-columns.tsx';
export {
  ReportBody,
  ReportCell,
  ReportCells,
  type ReportColumn,
  ReportHeaderCell,
  type ReportStatus,
  ReportTable,
  ReportTotals,
} from './report-table.tsx';
