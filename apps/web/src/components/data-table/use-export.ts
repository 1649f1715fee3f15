import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '../../lib/api.ts';
import { downloadBlob, exportFileName } from '../../lib/export/table.ts';
import type { View } from '../../lib/view.ts';
import { failureText } from '../failure-alert.tsx';
import type { ExportFormat } from './export-menu.tsx';
import { collectRows, EXPORT_MAX_ROWS, toExportTable } from './export-rows.ts';
import type { Column, ListSource } from './types.ts';

interface ExportSource<T> {
  api: ListSource<T>;
  /** The list's API query: the same filters and order the user sees (its paging is replaced). */
  query: Query;
  view?: View;
  columns: readonly Column<T>[];
  title: string;
}

/** Exports the filtered list; the file writers load on first use, so they stay out of every list's chunk. */
export function useExport<T>({ api, query, view, columns, title }: ExportSource<T>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const run = async (format: ExportFormat) => {
    setBusy(true);
    try {
      const { rows, total } = await collectRows((page, itemsPerPage) =>
        // Not kept in the cache: export pages are read once, and 50 pages of 200 would crowd it.
        queryClient.fetchQuery({ ...api.list({ ...query, page, itemsPerPage }, view), staleTime: 0, gcTime: 0 }),
      );
      const table = await toExportTable(title, columns, (c) => t(c.label), rows);
      const fileName = exportFileName(api.name, format);
      if (format === 'csv') {
        const { toCsv, CSV_MIME } = await import('../../lib/export/csv.ts');
        downloadBlob(new Blob([toCsv(table)], { type: CSV_MIME }), fileName);
      } else {
        const { toXlsx, XLSX_MIME } = await import('../../lib/export/xlsx.ts');
        downloadBlob(new Blob([toXlsx(table) as Uint8Array<ArrayBuffer>], { type: XLSX_MIME }), fileName);
      }
      if (total > rows.length) {
        notifications.show({
          color: 'yellow',
          autoClose: false,
          message: t('dataTable.exportCapped', { count: rows.length, total, max: EXPORT_MAX_ROWS }),
        });
      } else {
        notifications.show({ color: 'teal', message: t('dataTable.exported', { count: rows.length }) });
      }
    } catch (error) {
      notifications.show({ color: 'red', message: failureText(error, t('dataTable.exportFailed')) });
    } finally {
      setBusy(false);
    }
  };

  return { busy, run };
}
