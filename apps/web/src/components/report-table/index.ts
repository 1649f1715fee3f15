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
