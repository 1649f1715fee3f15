import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Query } from '../../lib/api.ts';
import type { View } from '../../lib/view.ts';
import type { ExportFormat } from './export-menu.tsx';
import { collectRows, toExportTable } from './export-rows.ts';
import type { Column, ListSource } from './types.ts';
import { useExportAction } from './use-export-action.ts';

interface ExportSource<T> {
  api: ListSource<T>;
  /** The list's API query: the same filters and order the user sees (its paging is replaced). */
  query: Query;
  view?: View;
  columns: readonly Column<T>[];
  title: string;
}

/** Exports the filtered list, all its pages up to `EXPORT_MAX_ROWS` (the user is told when it stops short). */
export function useExport<T>({ api, query, view, columns, title }: ExportSource<T>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const action = useExportAction(api.name);

  const run = (format: ExportFormat) =>
    action.run(format, async () => {
      const { rows, total, exact } = await collectRows((page, itemsPerPage) =>
        // Not kept in the cache: export pages are read once, and 50 pages of 200 would crowd it.
        queryClient.fetchQuery({ ...api.list({ ...query, page, itemsPerPage }, view), staleTime: 0, gcTime: 0 }),
      );
      return { table: await toExportTable(title, columns, (c) => t(c.label), rows), count: rows.length, total, totalExact: exact };
    });

  return { busy: action.busy, run };
}
