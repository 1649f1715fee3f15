import { createRequire } from 'node:module';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { formatCount, formatMoney, formatPercent, SPREADSHEET_MONEY_FORMAT } from '@kovanica/contract';
import ExcelJS from 'exceljs';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * The files of an export (decision 0021), written a page of lines at a time: a table of text, dates,
 * money and counts, a totals line, and for the PDF a title and a chart. What the lines are is the
 * data set's (`exports.finance.ts`); how a figure is written is here, once (docs/rules.md, "Exports").
 */

/**
 * A column: money (cents in, euros with 2 decimals out), a count, a percentage (`-18.36` in: a number
 * with 2 decimals out, shown `-18,36 %`), a calendar date (`yyyy-MM-dd`) or text.
 */
export interface FileColumn {
  label: string;
  type: 'text' | 'date' | 'money' | 'count' | 'percent';
  /** Characters wide in the spreadsheet. */
  width?: number;
  /** Shown in the PDF too (its page is narrower than a sheet). */
  pdf?: boolean;
}
export type Cell = string | number | null;

export interface FileHead {
  title: string;
  subtitle: string;
  /** The sheet's name (Excel allows 31 characters, no `[]:*?/\`). */
  sheet: string;
  columns: FileColumn[];
  /** What an empty (null) text cell reads as. */
  empty?: string;
  /**
   * What the file holds (`exports.about.ts`): five lines of a label and a value (company, report,
   * period, filters, made) that every file starts with, before its header row (decision 0042).
   */
  about: [string, string][];
}

export interface FileWriter {
  /** Lines of cells in the columns' order (money in cents). */
  write(lines: Cell[][]): Promise<void>;
  /**
   * The totals lines (each one's first text cell names it; only what adds up is summed, docs/rules.md
   * "Totals"); resolves once the file's last bytes are in the sink.
   */
  finish(totals: Cell[][]): Promise<void>;
}

/**
 * Where a file's bytes go as they are written (decision 0026): the export's parts in the database
 * (`exports.parts.ts`), so no file is held whole; a writer waits for each write before the next page.
 */
export interface ByteSink {
  write(bytes: Buffer): Promise<void>;
}

/** A sink that keeps the bytes (tests, and comparing two builds). */
export function memorySink(): ByteSink & { bytes(): Buffer } {
  const chunks: Buffer[] = [];
  return {
    async write(bytes) {
      chunks.push(bytes);
    },
    bytes: () => Buffer.concat(chunks),
  };
}

/** A percentage to 2 decimals, as the screens' column of changes shows it. */
const hundredths = (value: Cell) => Math.round(Number(value) * 100) / 100;

/** `2026-05-14` → `14.05.2026`. */
const day = (value: string) => `${value.slice(8, 10)}.${value.slice(5, 7)}.${value.slice(0, 4)}`;

/** A text a spreadsheet would take for a formula (`=`, `+`, `-`, `@`, tab, CR) starts with an apostrophe (OWASP's CSV injection). */
export const inert = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/**
 * CSV as Croatian Excel opens it by a double click (docs/rules.md): UTF-8 with a byte order mark,
 * `;` between fields, CRLF, money in euros with a decimal comma and no grouping (`1234,50`), counts
 * as digits, dates `dd.MM.yyyy`; fields with `;`, `"` or a line break quoted.
 */
export function csvWriter(head: FileHead, sink: ByteSink): FileWriter {
  const field = (text: string) => (/[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
  const cell = (value: Cell, column: FileColumn): string => {
    if (value === null) return column.type === 'text' ? field(inert(head.empty ?? '')) : '';
    if (column.type === 'money') return (Number(value) / 100).toFixed(2).replace('.', ',');
    if (column.type === 'percent') return hundredths(value).toFixed(2).replace('.', ',');
    if (column.type === 'count') return String(Math.round(Number(value)));
    if (column.type === 'date') return day(String(value));
    return field(inert(String(value)));
  };
  const line = (cells: Cell[]) => `${cells.map((v, i) => cell(v, head.columns[i] as FileColumn)).join(';')}\r\n`;
  // The byte order mark, the lines of what the file holds (a label and a value each, then an empty
  // line; decision 0042), and the header's labels as text whatever their column's type, go with the first page.
  const about = head.about.map(([label, value]) => `${field(inert(label))};${field(inert(value))}\r\n`).join('');
  let start: string | null = `\uFEFF${about}${head.about.length > 0 ? '\r\n' : ''}${head.columns.map((c) => field(c.label)).join(';')}\r\n`;
  const put = (text: string) => {
    const bytes = Buffer.from((start ?? '') + text, 'utf8');
    start = null;
    return sink.write(bytes);
  };
  return {
    async write(lines) {
      await put(lines.map(line).join(''));
    },
    async finish(totals) {
      await put(totals.map(line).join(''));
    },
  };
}

const COUNT_FORMAT = '#,##0';
const PERCENT_FORMAT = '0.00" %"';
const DATE_FORMAT = 'dd.mm.yyyy';

/**
 * XLSX through exceljs's streaming writer: each page of lines is committed to the sheet's XML as it
 * comes, so only the file (not a workbook of objects) grows. Money is a number in euros with its
 * format (`1.234,50 €` in Croatian Excel), counts whole numbers, dates real dates; the header row
 * is frozen and filtered, the totals bold.
 */
export function xlsxWriter(head: FileHead, sink: ByteSink): FileWriter {
  const zip = new PassThrough();
  // The zip's bytes go to the sink one write at a time; the stream is paused meanwhile, so the zip
  // waits for the sink (backpressure) rather than piling up in memory. Each page waits for what it
  // wrote to reach the sink before the next is asked for.
  let written: Promise<void> = Promise.resolve();
  let failure: unknown = null;
  zip.on('data', (chunk: Buffer) => {
    zip.pause();
    written = written
      .then(() => (failure ? undefined : sink.write(chunk)))
      .catch((error: unknown) => {
        failure = error;
      })
      .finally(() => zip.resume());
  });
  const ended = new Promise<void>((resolve, reject) => {
    zip.on('end', resolve);
    zip.on('error', reject);
  });
  const drained = async () => {
    await written;
    if (failure) throw failure;
  };
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: zip, useStyles: true, useSharedStrings: false });
  book.creator = 'Kovanica';
  book.created = new Date();
  // The lines of what the file holds, an empty row, then the header row, frozen and filtered (decision 0042).
  const headerRow = head.about.length > 0 ? head.about.length + 2 : 1;
  const sheet = book.addWorksheet(head.sheet.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31), {
    views: [{ state: 'frozen', ySplit: headerRow }],
  });
  sheet.columns = head.columns.map((c) => ({
    width: c.width ?? (c.type === 'text' ? 28 : c.type === 'date' ? 12 : 15),
    style:
      c.type === 'money'
        ? { numFmt: SPREADSHEET_MONEY_FORMAT }
        : c.type === 'count'
          ? { numFmt: COUNT_FORMAT }
          : c.type === 'percent'
            ? { numFmt: PERCENT_FORMAT }
            : c.type === 'date'
              ? { numFmt: DATE_FORMAT }
              : {},
  }));
  for (const [label, text] of head.about) {
    const row = sheet.addRow([label, text]);
    row.getCell(1).font = { bold: true };
    // Text, whatever the column's format.
    row.getCell(1).numFmt = '@';
    row.getCell(2).numFmt = '@';
    row.commit();
  }
  if (head.about.length > 0) sheet.addRow([]).commit();
  const header = sheet.addRow(head.columns.map((c) => c.label));
  header.font = { bold: true };
  header.alignment = { vertical: 'top', wrapText: true };
  header.commit();
  sheet.autoFilter = { from: { row: headerRow, column: 1 }, to: { row: headerRow, column: head.columns.length } };
  const value = (v: Cell, column: FileColumn): ExcelJS.CellValue => {
    if (v === null) return column.type === 'text' ? (head.empty ?? null) : null;
    if (column.type === 'money') return Number(v) / 100;
    if (column.type === 'percent') return hundredths(v);
    if (column.type === 'count') return Number(v);
    // A calendar date as midnight UTC: Excel's dates have no time zone, exceljs writes UTC.
    if (column.type === 'date') return new Date(`${String(v)}T00:00:00Z`);
    return String(v);
  };
  const add = (cells: Cell[]) => sheet.addRow(cells.map((v, i) => value(v, head.columns[i] as FileColumn)));
  return {
    async write(lines) {
      for (const cells of lines) add(cells).commit();
      // The zip compresses in the background: let it run, then wait for its bytes to be stored.
      await new Promise<void>((resolve) => setImmediate(resolve));
      await drained();
    },
    async finish(totals) {
      for (const [i, cells] of totals.entries()) {
        const row = add(cells);
        row.font = { bold: true };
        if (i === 0) row.border = { top: { style: 'thin' } };
        row.commit();
      }
      sheet.commit();
      await book.commit();
      await ended;
      await drained();
    },
  };
}

/** A chart's series: a name, a colour and one value (cents) per label. */
export interface ChartSeries {
  name: string;
  color: string;
  values: number[];
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A round step for an axis of `max`: 1, 2 or 5 × a power of ten, about five steps. */
function niceStep(max: number): number {
  const rough = max / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  return ([1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power) as number;
}

/**
 * A grouped bar chart as SVG (pdfmake draws SVG): a bar per series and label, euros on the axis from
 * zero (a negative value, e.g. a share below zero, goes below it), a legend under it. Labels are
 * thinned out to fit.
 */
export function barChartSvg(labels: string[], series: ChartSeries[], width = 760, height = 240): string {
  const left = 64;
  const right = 8;
  const top = 10;
  const legend = 22;
  const bottom = 24 + legend;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const euros = series.flatMap((s) => s.values.map((v) => v / 100));
  const max = Math.max(0, ...euros);
  const min = Math.min(0, ...euros);
  const step = niceStep(Math.max(max - min, 1));
  const hi = Math.ceil(max / step) * step || step;
  const lo = Math.floor(min / step) * step;
  const y = (v: number) => top + ((hi - v) / (hi - lo)) * plotH;
  const parts: string[] = [];
  for (let v = lo; v <= hi + step / 2; v += step) {
    parts.push(
      `<line x1="${left}" x2="${width - right}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="${v === 0 ? '#495057' : '#dee2e6'}" stroke-width="0.6"/>`,
    );
    const text = formatCount(v);
    parts.push(`<text x="${left - 4}" y="${(y(v) + 3).toFixed(1)}" font-size="8" text-anchor="end" fill="#495057">${text} €</text>`);
  }
  const group = plotW / Math.max(labels.length, 1);
  const bar = Math.max(0.5, (group * 0.8) / series.length);
  const every = Math.max(1, Math.ceil(labels.length / Math.floor(plotW / 48)));
  labels.forEach((label, i) => {
    series.forEach((s, j) => {
      const v = (s.values[i] ?? 0) / 100;
      const x = left + i * group + group * 0.1 + j * bar;
      const y0 = y(Math.max(v, 0));
      const h = Math.abs(y(v) - y(0));
      parts.push(`<rect x="${x.toFixed(2)}" y="${y0.toFixed(2)}" width="${bar.toFixed(2)}" height="${h.toFixed(2)}" fill="${s.color}"/>`);
    });
    if (i % every === 0)
      parts.push(
        `<text x="${(left + i * group + group / 2).toFixed(1)}" y="${top + plotH + 12}" font-size="8" text-anchor="middle" fill="#495057">${escapeXml(label)}</text>`,
      );
  });
  let x = left;
  for (const s of series) {
    parts.push(`<rect x="${x}" y="${height - legend + 6}" width="10" height="10" fill="${s.color}"/>`);
    parts.push(`<text x="${x + 14}" y="${height - legend + 15}" font-size="9" fill="#212529">${escapeXml(s.name)}</text>`);
    x += 24 + s.name.length * 5.2;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}

const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')), 'fonts', 'Roboto');
type PdfMake = {
  setFonts(fonts: unknown): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (path: string) => boolean): void;
  createPdf(doc: TDocumentDefinitions): { getBuffer(): Promise<Buffer> };
};
let pdfmake: Promise<PdfMake> | null = null;

/** pdfmake's server build (CommonJS, loaded on the first PDF), with Roboto (č ć đ š ž) and no other file or URL. */
function loadPdfMake(): Promise<PdfMake> {
  pdfmake ??= import('pdfmake').then((m) => {
    const p = ((m as { default?: unknown }).default ?? m) as PdfMake;
    p.setUrlAccessPolicy(() => false);
    p.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fontDir + path.sep));
    return p;
  });
  return pdfmake;
}

/** The writer of an export's format; a PDF's options are worked out only for a PDF. */
export function fileWriter(
  format: 'csv' | 'xlsx' | 'pdf',
  head: FileHead,
  sink: ByteSink,
  pdf: () => Parameters<typeof pdfWriter>[2],
): FileWriter {
  if (format === 'csv') return csvWriter(head, sink);
  if (format === 'xlsx') return xlsxWriter(head, sink);
  return pdfWriter(head, sink, pdf());
}

/**
 * A PDF through pdfmake: A4 landscape, the title, subtitle and chart, then the table of the columns
 * marked `pdf` (its header repeated on every page), the totals bold, page numbers in the footer.
 * pdfmake lays out a whole document at once, so the lines are kept until `finish` and the file is
 * written to the sink in one piece (both bounded: `EXPORT_PDF_MAX_LINES`).
 */
export function pdfWriter(
  head: FileHead,
  sink: ByteSink,
  options: { chart?: string | null; footer: (page: number, pages: number) => string; generated: string },
): FileWriter {
  const shown = head.columns.map((c, i) => ({ c, i })).filter(({ c }) => c.pdf);
  const text = (v: Cell, c: FileColumn): string => {
    if (v === null) return c.type === 'text' ? (head.empty ?? '') : c.type === 'percent' ? '–' : '';
    if (c.type === 'money') return formatMoney(Number(v));
    if (c.type === 'percent') return formatPercent(Number(v));
    if (c.type === 'count') return formatCount(Number(v));
    if (c.type === 'date') return day(String(v));
    return String(v);
  };
  const cellOf = (v: Cell, c: FileColumn, bold = false) => ({
    text: text(v, c),
    alignment: c.type === 'text' || c.type === 'date' ? ('left' as const) : ('right' as const),
    bold,
  });
  const body: Content[][] = [shown.map(({ c }) => ({ ...cellOf(null, c, true), text: c.label, fillColor: '#f1f3f5' }))] as Content[][];
  return {
    async write(lines) {
      for (const cells of lines) body.push(shown.map(({ c, i }) => cellOf(cells[i] ?? null, c)) as Content[]);
    },
    async finish(totals) {
      for (const cells of totals) body.push(shown.map(({ c, i }) => cellOf(cells[i] ?? null, c, true)) as Content[]);
      const p = await loadPdfMake();
      p.setFonts({
        Roboto: {
          normal: path.join(fontDir, 'Roboto-Regular.ttf'),
          bold: path.join(fontDir, 'Roboto-Medium.ttf'),
          italics: path.join(fontDir, 'Roboto-Italic.ttf'),
          bolditalics: path.join(fontDir, 'Roboto-MediumItalic.ttf'),
        },
      });
      const content: Content[] = [
        { text: head.title, fontSize: 15, bold: true },
        { text: head.subtitle, fontSize: 10, color: '#495057', margin: [0, 2, 0, 6] },
      ];
      // What the file holds (decision 0042): company, report, period, every filter, who made it when.
      if (head.about.length > 0)
        content.push({
          table: { widths: ['auto', '*'], body: head.about.map(([label, value]) => [{ text: label, bold: true }, { text: value }]) },
          layout: 'noBorders',
          fontSize: 8,
          margin: [0, 0, 0, 8],
        });
      if (options.chart) content.push({ svg: options.chart, width: 760, margin: [0, 0, 0, 10] });
      content.push({
        table: {
          headerRows: 1,
          widths: shown.map(({ c }) => (c.type === 'text' ? '*' : 'auto')),
          body,
        },
        layout: 'lightHorizontalLines',
        fontSize: 8,
      });
      const doc: TDocumentDefinitions = {
        pageSize: 'A4',
        pageOrientation: 'landscape',
        pageMargins: [36, 30, 36, 36],
        info: { title: head.title, creator: 'Kovanica', producer: 'Kovanica' },
        defaultStyle: { font: 'Roboto', fontSize: 9 },
        content,
        footer: (page, pages) => ({
          columns: [
            { text: options.generated, fontSize: 7, color: '#868e96' },
            { text: options.footer(page, pages), alignment: 'right', fontSize: 7, color: '#868e96' },
          ],
          margin: [36, 10, 36, 0],
        }),
      };
      await sink.write(Buffer.from(await p.createPdf(doc).getBuffer()));
    },
  };
}
