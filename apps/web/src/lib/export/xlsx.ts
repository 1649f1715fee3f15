import { SPREADSHEET_MONEY_FORMAT } from '@kovanica/contract';
import { strToU8, zipSync } from 'fflate';
import { cellText, type ExportCell, type ExportTable } from './table.ts';

/**
 * A minimal Office Open XML workbook (SpreadsheetML), written by hand: one sheet, inline strings,
 * numeric cells for numbers, a bold frozen header. A spreadsheet library would add hundreds of kB for
 * what is a few XML parts in a zip. Loaded lazily: only an XLSX export needs it.
 */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

// Characters XML 1.0 cannot hold at all; a stray control character would make Excel refuse the file.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(text: string): string {
  return text.replace(INVALID_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** `A`, `B`, …, `Z`, `AA`, … for a 0-based column index. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Sheet names: at most 31 characters, none of `[]:*?/\`. */
export function sheetName(name: string): string {
  return (
    name
      .replace(/[[\]:*?/\\]/g, ' ')
      .trim()
      .slice(0, 31) || 'Sheet1'
  );
}

const HEADER_STYLE = 1;
/** Money: number format 164, `SPREADSHEET_MONEY_FORMAT` (as the exports screen's files). */
const MONEY_STYLE = 2;

function cellXml(cell: ExportCell, ref: string, style?: number): string {
  if (cell !== null && typeof cell === 'object')
    return Number.isFinite(cell.euros) ? `<c r="${ref}" s="${MONEY_STYLE}"><v>${cell.euros}</v></c>` : '';
  const s = style ? ` s="${style}"` : '';
  if (cell === null || (typeof cell === 'number' && !Number.isFinite(cell))) return '';
  if (typeof cell === 'number') return `<c r="${ref}"${s}><v>${cell}</v></c>`;
  const space = /^\s|\s$/.test(cell) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${s} t="inlineStr"><is><t${space}>${escapeXml(cell)}</t></is></c>`;
}

function rowXml(cells: ExportCell[], rowNumber: number, style?: number): string {
  return `<row r="${rowNumber}">${cells.map((c, i) => cellXml(c, `${columnName(i)}${rowNumber}`, style)).join('')}</row>`;
}

/** Widths from the longest text of each column, so the file opens readable without resizing. */
function colsXml(table: ExportTable): string {
  const widths = table.header.map((h, i) => {
    let longest = h.length;
    for (const row of table.rows) longest = Math.max(longest, cellText(row[i] ?? null).length);
    return Math.min(60, Math.max(8, longest + 2));
  });
  return `<cols>${widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('')}</cols>`;
}

function sheetXml(table: ExportTable): string {
  // The lines of what the file holds (label bold), an empty row, then the header, frozen (decision 0042).
  const about = table.about ?? [];
  const header = about.length > 0 ? about.length + 2 : 1;
  const rows = [
    ...about.map(
      ([label, value], i) => `<row r="${i + 1}">${cellXml(label, `A${i + 1}`, HEADER_STYLE)}${cellXml(value, `B${i + 1}`)}</row>`,
    ),
    rowXml(table.header, header, HEADER_STYLE),
    ...table.rows.map((r, i) => rowXml(r, header + 1 + i)),
  ].join('');
  return (
    `${XML_HEAD}<worksheet xmlns="${NS_MAIN}">` +
    `<sheetViews><sheetView workbookViewId="0"><pane ySplit="${header}" topLeftCell="A${header + 1}" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
    `${table.header.length ? colsXml(table) : ''}<sheetData>${rows}</sheetData></worksheet>`
  );
}

const STYLES =
  `${XML_HEAD}<styleSheet xmlns="${NS_MAIN}">` +
  `<numFmts count="1"><numFmt numFmtId="164" formatCode="${escapeXml(SPREADSHEET_MONEY_FORMAT)}"/></numFmts>` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

const CONTENT_TYPES =
  `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';

const ROOT_RELS =
  `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">` +
  `<Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK_RELS =
  `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">` +
  `<Relationship Id="rId1" Type="${NS_REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${NS_REL}/styles" Target="styles.xml"/></Relationships>`;

const workbookXml = (name: string) =>
  `${XML_HEAD}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
  `<sheets><sheet name="${escapeXml(sheetName(name))}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

/** The parts of the workbook by path, before zipping (exported for tests). */
export function xlsxParts(table: ExportTable): Record<string, string> {
  return {
    '[Content_Types].xml': CONTENT_TYPES,
    '_rels/.rels': ROOT_RELS,
    'xl/workbook.xml': workbookXml(table.name),
    'xl/_rels/workbook.xml.rels': WORKBOOK_RELS,
    'xl/styles.xml': STYLES,
    'xl/worksheets/sheet1.xml': sheetXml(table),
  };
}

/** The `.xlsx` file's bytes. */
export function toXlsx(table: ExportTable): Uint8Array {
  const files = Object.fromEntries(Object.entries(xlsxParts(table)).map(([path, xml]) => [path, strToU8(xml)]));
  return zipSync(files, { level: 6 });
}
