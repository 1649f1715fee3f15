import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob, type ExportTable, exportFileName } from '../../lib/export/table.ts';
import { failureText } from '../failure-alert.tsx';
import type { ExportFormat } from './export-menu.tsx';
import { EXPORT_MAX_ROWS } from './export-rows.ts';
import { totalText } from './pagination-bar.tsx';

/** What the caller made to export: the table and how many of its rows are data (not a totals row). */
export interface ExportContent {
  table: ExportTable;
  count: number;
  /** The rows there were when the export stopped at `EXPORT_MAX_ROWS` short of them: the user is told. */
  total?: number;
  /** False when the list holds more than `total` rows (a big collection counts no further). */
  totalExact?: boolean;
}

/**
 * The one export action of every table: the caller produces the table, this writes it as CSV or XLSX
 * (the writers load on first use, so they stay out of every table's chunk), downloads it as
 * `<fileStem>-<day>.<format>` and says how it went. `busy` is for the Export button.
 */
export function useExportAction(fileStem: string) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const run = async (format: ExportFormat, produce: () => Promise<ExportContent>) => {
    setBusy(true);
    try {
      const { table, count, total = count, totalExact = true } = await produce();
      const fileName = exportFileName(fileStem, format);
      if (format === 'csv') {
        const { toCsv, CSV_MIME } = await import('../../lib/export/csv.ts');
        downloadBlob(new Blob([toCsv(table)], { type: CSV_MIME }), fileName);
      } else {
        const { toXlsx, XLSX_MIME } = await import('../../lib/export/xlsx.ts');
        downloadBlob(new Blob([toXlsx(table) as Uint8Array<ArrayBuffer>], { type: XLSX_MIME }), fileName);
      }
      if (total > count || !totalExact) {
        notifications.show({
          color: 'yellow',
          autoClose: false,
          message: t('dataTable.exportCapped', { count, total: totalText(t, total, totalExact), max: EXPORT_MAX_ROWS }),
        });
      } else {
        notifications.show({ color: 'teal', message: t('dataTable.exported', { count }) });
      }
    } catch (error) {
      notifications.show({ color: 'red', message: failureText(error, t('dataTable.exportFailed')) });
    } finally {
      setBusy(false);
    }
  };

  return { busy, run };
}
