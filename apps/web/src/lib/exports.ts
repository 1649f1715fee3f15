import {
  API_BASE,
  type ExportFormat,
  type ExportItem,
  exportCollection,
  exportItem,
  type FinanceExportParams,
  type FinanceQuery,
  type ListExportKind,
  type ListExportParams,
  type ReportExportKind,
  VIEW_HEADER,
} from '@kovanica/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from './api.ts';
import { downloadBlob } from './export/table.ts';
import { currentLanguage } from './i18n.ts';
import { getSession } from './session.ts';
import type { View } from './view.ts';

/** Exports built on the server (decision 0021): `POST /exports`, watched until done, then downloaded. */
export const exportKeys = {
  all: ['exports'] as const,
  list: (view: View) => ['exports', 'list', view] as const,
  one: (id: string) => ['exports', 'one', id] as const,
};

const pathOf = (iri: string) => iri.slice(API_BASE.length);
export const isFinished = (item: ExportItem) => item.status === 'done' || item.status === 'failed';

/** The finance report's query as an export's: its lines all, so without the page. */
export function financeExportParams(query: FinanceQuery): FinanceExportParams {
  const { page: _page, itemsPerPage: _itemsPerPage, client: _client, ...params } = query;
  return params;
}

export const requestFinanceExport = (format: ExportFormat, params: FinanceExportParams) =>
  apiRequest('/exports', { method: 'POST', body: { kind: 'finance-report', format, params }, schema: exportItem });

/** A list's export (`/exports/generate`, decision 0026): its list's filters, CSV or XLSX. */
export const requestListExport = (kind: ListExportKind, format: 'csv' | 'xlsx', params: ListExportParams) =>
  apiRequest('/exports', { method: 'POST', body: { kind, format, params }, schema: exportItem });

/** A report's export (`/exports/generate`): its screen's query without paging, CSV, XLSX or PDF. */
export const requestReportExport = (kind: ReportExportKind, format: ExportFormat, params: Record<string, string>) =>
  apiRequest('/exports', { method: 'POST', body: { kind, format, params }, schema: exportItem });

/** One export, asked again every second while it is being built. */
export const exportQuery = (iri: string) =>
  queryOptions({
    queryKey: exportKeys.one(iri),
    queryFn: ({ signal }) => apiRequest(pathOf(iri), { schema: exportItem, signal }),
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data) ? false : 1000),
  });

/** The user's exports of the last week, asked again while any is being built. */
export const exportsQuery = (view: View) =>
  queryOptions({
    queryKey: exportKeys.list(view),
    queryFn: ({ signal }) => apiRequest('/exports', { query: { itemsPerPage: 50 }, schema: exportCollection, signal }),
    refetchInterval: (query) => (query.state.data?.member.some((e) => !isFinished(e)) ? 1500 : false),
  });

/** Fetches a built file with the user's token and saves it under its name. */
export async function downloadExport(item: ExportItem): Promise<void> {
  if (!item.file) return;
  const { token, accountInfo } = getSession();
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (accountInfo.isTopGun) headers[VIEW_HEADER] = 'all';
  const response = await fetch(item.file, { headers });
  if (!response.ok) {
    const problem = await response.json().catch(() => null);
    throw new ApiError(`GET ${item.file}: ${response.status}`, response.status, problem);
  }
  downloadBlob(await response.blob(), item.fileName ?? `export.${item.format}`);
}

const PENDING_KEY = 'kovanica.exports.pending';

/** Exports this browser is waiting for (kept over a reload): their IRIs, and whether each was downloaded. */
export interface PendingExport {
  iri: string;
  downloaded: boolean;
}

export function readPending(): PendingExport[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(PENDING_KEY) ?? '[]');
    return Array.isArray(value)
      ? value.filter((p): p is PendingExport => typeof p?.iri === 'string' && p.iri.startsWith(`${API_BASE}/exports/`))
      : [];
  } catch {
    return [];
  }
}

export function writePending(pending: PendingExport[]): void {
  try {
    localStorage.setItem(PENDING_KEY, JSON.stringify(pending.slice(-5)));
  } catch {
    // Storage full or off: the progress is still shown until the page is left.
  }
}
