import { asciiFileStem, businessDate } from '@kovanica/contract';

/** An amount of money in euros: written to the cent (CSV `33,50`; XLSX a number in the money format, `33,50 €`). */
export interface ExportMoney {
  euros: number;
}

/** One cell of an export: numbers stay numbers (numeric cells in XLSX), null is an empty cell. */
export type ExportCell = string | number | ExportMoney | null;

/** A list as it is exported: the visible columns' headers and one row of cells per record. */
export interface ExportTable {
  /** The sheet's name in XLSX (the list's title). */
  name: string;
  /**
   * What the file holds (decision 0042): lines of a label and a value (company, report, period,
   * filters, made) written before the header row, then an empty line.
   */
  about?: [string, string][];
  header: string[];
  rows: ExportCell[][];
}

/** Money in an export: a number of euros, so a spreadsheet can add it up, shown to the cent; null stays an empty cell. */
export function exportMoney(cents: number | null): ExportMoney | null {
  return cents === null ? null : { euros: cents / 100 };
}

/** The text of a cell (for widths and tests): money to the cent with a decimal comma, numbers as they are. */
export function cellText(cell: ExportCell): string {
  if (cell === null) return '';
  if (typeof cell === 'object') return Number.isFinite(cell.euros) ? cell.euros.toFixed(2).replace('.', ',') : '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell).replace('.', ',') : '';
  return cell;
}

/**
 * `uredaji-2026-05-14.csv`: the stem (the list's title in the user's language) in ASCII letters and
 * the Zagreb day of the export (decision 0042: 00:01 on 6 December in Zagreb is the 6th, whatever the
 * browser's zone), safe in any file system.
 */
export function exportFileName(stem: string, extension: 'csv' | 'xlsx', now = new Date()): string {
  return `${asciiFileStem(stem)}-${businessDate(now)}.${extension}`;
}

/** Saves a file the browser made, through a temporary link. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own reference by now; revoking later keeps slow browsers safe.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
