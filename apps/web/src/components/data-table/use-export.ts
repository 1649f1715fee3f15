import { API_BASE, formatDate } from '@kovanica/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { apiRequest, type Query } from '../../lib/api.ts';
import { type ListSearch, listFilters } from '../../lib/list-state.ts';
import type { View } from '../../lib/view.ts';
import type { ExportFormat } from './export-menu.tsx';
import { collectRows, toExportTable } from './export-rows.ts';
import type { Column, Filter, ListSource } from './types.ts';
import { type ExportScope, useExportAction } from './use-export-action.ts';

interface ExportSource<T> {
  api: ListSource<T>;
  /** The list's API query: the same filters and order the user sees (its paging is replaced). */
  query: Query;
  view?: View;
  columns: readonly Column<T>[];
  /** The list's title in the user's language: the sheet's name, the file's name and its report line. */
  title: string;
  /** The list's filters and their values (the URL's), for the lines of what the file holds. */
  filters?: readonly Filter[];
  search?: ListSearch;
}

/** The name of what a reference filter points at (`/api/v2/locations/3` → `Riva — caffe bar`); the id where it cannot be read. */
export async function referenceName(iri: string): Promise<string> {
  if (!iri.startsWith(`${API_BASE}/`)) return iri;
  try {
    const item = await apiRequest<{ name?: string; surname?: string; number?: string; imei?: string }>(iri.slice(API_BASE.length));
    return [item.name, item.surname].filter(Boolean).join(' ') || item.number || item.imei || iri;
  } catch {
    return iri;
  }
}

/**
 * A list's period and every active filter in the user's words (decision 0042): a date range is the
 * period (`01.11.2026 – 30.11.2026`); a text `contains “…”`, a choice its label, yes or no, a reference
 * its name.
 */
export async function listScope(filters: readonly Filter[], search: ListSearch, t: TFunction): Promise<ExportScope> {
  const values = listFilters(search);
  const scope: ExportScope = { period: null, filters: [] };
  for (const filter of filters) {
    const label = t(filter.label);
    if (filter.kind === 'date-range') {
      const from = values[`${filter.field}[after]`];
      const to = values[`${filter.field}[before]`];
      if (from === undefined && to === undefined) continue;
      const span = `${from !== undefined ? formatDate(String(from)) : '…'} – ${to !== undefined ? formatDate(String(to)) : '…'}`;
      if (scope.period === null) scope.period = span;
      else scope.filters.push({ label, value: span });
      continue;
    }
    const value = values[filter.field];
    if (value === undefined || value === '') continue;
    const text = String(value);
    scope.filters.push({
      label,
      value:
        filter.kind === 'text'
          ? t('dataTable.aboutContains', { text })
          : filter.kind === 'boolean'
            ? t(text === 'true' ? 'dataTable.yes' : 'dataTable.no')
            : filter.kind === 'select'
              ? t(filter.options.find((o) => o.value === text)?.label ?? text)
              : await referenceName(text),
    });
  }
  return scope;
}

/** Exports the filtered list, all its pages up to `EXPORT_MAX_ROWS` (the user is told when it stops short). */
export function useExport<T>({ api, query, view, columns, title, filters = [], search = {} }: ExportSource<T>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const action = useExportAction(title);

  const run = (format: ExportFormat) =>
    action.run(format, async () => {
      const { rows, total, exact } = await collectRows((page, itemsPerPage) =>
        // Not kept in the cache: export pages are read once, and 50 pages of 200 would crowd it.
        queryClient.fetchQuery({ ...api.list({ ...query, page, itemsPerPage }, view), staleTime: 0, gcTime: 0 }),
      );
      return {
        table: await toExportTable(title, columns, (c) => t(c.label), rows),
        scope: await listScope(filters, search, t),
        count: rows.length,
        total,
        totalExact: exact,
      };
    });

  return { busy: action.busy, run };
}
