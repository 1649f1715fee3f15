import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';

/**
 * Reading the exports' files in tests, as a person or a program would (decision 0042): a CSV's or a
 * sheet's lines of what it holds (a label and a value each, then an empty line) before its header
 * row; a PDF's text (unpdf, decision 0042: pdfmake writes glyphs, not searchable bytes).
 */

/** The five lines a file starts with, by their labels (Company, Report, Period, Filters, Made). */
export type About = [string, string][];

/** A CSV line's fields (`;` between them, quoted ones with `""` for a quote). */
export const csvFields = (line: string) =>
  [...line.matchAll(/("(?:[^"]|"")*"|[^;]*)(?:;|$)/g)]
    .map((m) => m[1] ?? '')
    .slice(0, -1)
    .map((f) => (f.startsWith('"') ? f.slice(1, -1).replaceAll('""', '"') : f));

/**
 * A CSV export: its byte order mark checked, its lines of what it holds, then `lines` from the
 * header row on (the header, the rows, the totals lines), as written (CRLF between them).
 */
export function readCsv(bytes: Buffer): { about: About; lines: string[] } {
  const text = bytes.toString('utf8');
  if (!text.startsWith('\uFEFF')) throw new Error('no byte order mark');
  const all = text.slice(1).split('\r\n').slice(0, -1);
  const blank = all.indexOf('');
  if (blank < 0) throw new Error('no empty line after the lines of what the file holds');
  const about = all.slice(0, blank).map((line) => csvFields(line) as [string, string]);
  return { about, lines: all.slice(blank + 1) };
}

/** An XLSX export's first sheet: its lines of what it holds, and the number of its header row. */
export async function readXlsx(bytes: Buffer): Promise<{ sheet: ExcelJS.Worksheet; about: About; header: number }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const about: About = [];
  let row = 1;
  for (; row <= sheet.rowCount; row++) {
    const label = sheet.getRow(row).getCell(1).value;
    if (label === null || label === undefined || label === '') break;
    about.push([String(label), String(sheet.getRow(row).getCell(2).value ?? '')]);
  }
  return { sheet, about, header: row + 1 };
}

/** A PDF's text, every page, its lines joined by `\n`. */
export async function readPdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

/** The value of an about line by its label. */
export const aboutValue = (about: About, label: string) => about.find(([l]) => l === label)?.[1];
