import { cellText, type ExportCell, type ExportTable } from './table.ts';

/**
 * `;` separates fields: Excel in the Croatian locale reads `,` as the decimal comma and only splits
 * on `;` (it takes the list separator from the locale), so a comma-separated file opens as one column.
 */
export const CSV_SEPARATOR = ';';
/** Excel reads a CSV as UTF-8 only when it starts with a byte-order mark; without it č and ž break. */
export const BOM = '\uFEFF';
export const CSV_MIME = 'text/csv;charset=utf-8';

/**
 * A text Excel would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) gets a leading apostrophe,
 * so an exported cell can never execute (OWASP "CSV injection"). Numbers are not touched.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field, quoted per RFC 4180 when it holds the separator, a quote or a line break. */
export function csvField(cell: ExportCell): string {
  // A decimal comma, as the separator choice above promises; numbers are written without grouping,
  // money to the cent.
  if (cell === null || typeof cell !== 'string') return cellText(cell);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The whole file: BOM, the lines of what it holds and an empty line (when given; decision 0042),
 * header, rows, CRLF line ends (RFC 4180).
 */
export function toCsv(table: Pick<ExportTable, 'header' | 'rows' | 'about'>): string {
  const about = table.about?.length ? [...table.about, []] : [];
  const lines = [...about, table.header, ...table.rows].map((row) => row.map(csvField).join(CSV_SEPARATOR));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
