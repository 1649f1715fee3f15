import type { FinanceQuery } from '@kovanica/contract';
import { ReportExportMenu } from '../../components/report-export-menu.tsx';
import { financeExportParams, requestFinanceExport } from '../../lib/exports.ts';

// The server's report exports (menu, progress panel, the exports this browser waits for) are shared
// with the VAT book's screen: `components/report-export-menu.tsx`.
export { ExportProgressPanel, trackExport, usePendingExports } from '../../components/report-export-menu.tsx';

/**
 * "Export" on a finance report's header: CSV, XLSX or PDF of what the screen shows (every line, not
 * only the page), built on the server; the progress shows under the header and the file downloads
 * when it is done.
 */
export function ExportMenu({ query }: { query: FinanceQuery }) {
  return <ReportExportMenu ask={(format) => requestFinanceExport(format, financeExportParams(query))} />;
}
