import { type Collection, sizeOf } from '@kovanica/contract';
import type { ExportCell, ExportTable } from '../../lib/export/table.ts';
import type { Column, ExportPart } from './types.ts';

/** Pages of the largest size the API gives, so an export takes as few requests as it can. */
export const EXPORT_PAGE_SIZE = 200;
/** A browser tab holds this many rows comfortably; a larger export is a job for the exports screen. */
export const EXPORT_MAX_ROWS = 10_000;

/**
 * Every row of a filtered list, page by page (one request at a time, to spare the server), up to
 * `max`. `total` is what the list holds (`exact`, or more than it), so the caller can say when it
 * stopped short.
 */
export async function collectRows<T>(
  fetchPage: (page: number, itemsPerPage: number) => Promise<Collection<T>>,
  { pageSize = EXPORT_PAGE_SIZE, max = EXPORT_MAX_ROWS } = {},
): Promise<{ rows: T[]; total: number; exact: boolean }> {
  const rows: T[] = [];
  let size = { total: 0, exact: true };
  for (let page = 1; ; page++) {
    const collection = await fetchPage(page, pageSize);
    size = sizeOf(collection);
    const { total } = size;
    rows.push(...collection.member);
    if (collection.member.length < pageSize || rows.length >= Math.min(total, max)) break;
  }
  return { rows: rows.slice(0, max), ...size };
}

/**
 * The rows as an export table: the given (visible) columns, their translated headers and export
 * values, and after a column the further ones it writes (`exportAlso`).
 */
export async function toExportTable<T>(
  name: string,
  columns: readonly Pick<Column<T>, 'label' | 'exportValue' | 'exportAlso'>[],
  header: (column: ExportPart<T>) => string,
  rows: readonly T[],
): Promise<ExportTable> {
  const parts = columns.flatMap((c): readonly ExportPart<T>[] => [c, ...(c.exportAlso ?? [])]);
  const cells: ExportCell[][] = await Promise.all(rows.map((row) => Promise.all(parts.map((c) => c.exportValue(row)))));
  return { name, header: parts.map(header), rows: cells };
}
