import { inflateRawSync } from 'node:zlib';
import type ExcelJS from 'exceljs';

// Reading an uploaded file into records, with nothing but the file: no database, no request. The
// reader thread (`imports.reader.ts`) runs it, so a large or hostile file never holds up the server's
// other requests; what it refuses it answers as a `FileRefusal` (the pipeline makes it a problem in the
// caller's language). It imports no more than it needs (the workbook library when a workbook comes):
// a thread starts with it.

/** What a file may hold (the contract's `importLimits`, given by the caller). */
export interface FileLimits {
  /** The file's bytes (a CSV's text as UTF-8, a workbook's zip). */
  bytes: number;
  /** Data rows (the header not counted). */
  rows: number;
}

/** One record of a file: its values and the line (a sheet's row) it starts on (1: the header). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** Why a file was refused as a whole, as a problem's status, code and parameters. */
export interface FileRefusal {
  status: 413 | 422;
  code: 'upload_too_large' | 'upload_too_many_rows' | 'upload_not_csv' | 'upload_not_xlsx' | 'upload_empty' | 'upload_too_complex';
  params?: Record<string, unknown>;
}

/** Thrown by the readers below; the reader thread sends it back as it is. */
export class FileRefused extends Error {
  constructor(readonly refusal: FileRefusal) {
    super(refusal.code);
  }
}

/**
 * What a workbook may unpack to (docs/api.md, "Limits"): its parts' declared sizes in all, and the
 * cells of its sheet read. A zip can pack 564 MB of identical cells into 1.5 MB: the packed size says
 * nothing, so the unpacked size is checked before anything is read, and the cells while they are read.
 */
export const workbookLimits = {
  unpackedBytes: 64 * 1024 * 1024,
  cells: 600_000,
} as const;

const tooComplex = () =>
  new FileRefused({
    status: 413,
    code: 'upload_too_complex',
    params: { cells: workbookLimits.cells.toLocaleString('en'), megabytes: workbookLimits.unpackedBytes / 1024 / 1024 },
  });
const tooLarge = (limits: FileLimits) =>
  new FileRefused({ status: 413, code: 'upload_too_large', params: { max: limits.bytes / 1024 / 1024 } });

/** The separator of a file: `;` or `,`, whichever its header row has more of (outside quotes). */
export function detectSeparator(text: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c === ';') semicolons++;
    else if (!quoted && c === ',') commas++;
  }
  return semicolons >= commas && semicolons > 0 ? ';' : ',';
}

/**
 * RFC 4180 CSV with either separator: quoted values may hold separators, quotes (`""`) and line
 * breaks; CRLF, LF or CR ends a record; a leading BOM is dropped; blank lines are skipped. A value is
 * cut out of the text whole (`slice`), not built a character at a time: a 4 MB cell took 1.6 s so.
 */
export function parseCsv(input: string): { separator: ';' | ','; records: CsvRecord[] } {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const separator = detectSeparator(text);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let start = 1;
  let touched = false;
  const endRecord = () => {
    cells.push(cell);
    if (touched || cells.length > 1 || cell.trim() !== '') records.push({ line: start, cells });
    cells = [];
    cell = '';
    touched = false;
  };
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text[i];
    if (c === '"') {
      // A quoted part: up to the closing quote, `""` standing for one quote.
      touched = true;
      i++;
      for (;;) {
        const close = text.indexOf('"', i);
        const end = close === -1 ? n : close;
        const part = text.slice(i, end);
        cell += part;
        line += countBreaks(part);
        if (close === -1) {
          i = n;
          break;
        }
        if (text[close + 1] === '"') {
          cell += '"';
          i = close + 2;
        } else {
          i = close + 1;
          break;
        }
      }
    } else if (c === separator) {
      cells.push(cell);
      cell = '';
      touched = true;
      i++;
    } else if (c === '\n' || c === '\r') {
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      endRecord();
      line++;
      start = line;
    } else {
      // Plain characters up to the next quote, separator or line break, in one piece.
      let j = i + 1;
      while (j < n) {
        const d = text[j];
        if (d === '"' || d === separator || d === '\n' || d === '\r') break;
        j++;
      }
      cell += text.slice(i, j);
      i = j;
    }
  }
  if (cell !== '' || cells.length || touched) endRecord();
  return { separator, records };
}

/** Line breaks in a quoted part (CRLF counts once), for the lines of the records after it. */
function countBreaks(part: string): number {
  let breaks = 0;
  for (let k = 0; k < part.length; k++) {
    const c = part.charCodeAt(k);
    if (c === 10 || (c === 13 && part.charCodeAt(k + 1) !== 10)) breaks++;
  }
  return breaks;
}

/** A file's text has no NUL and no other control characters a text file would not hold: else it is binary (an XLSX, an image). */
const looksBinary = (text: string) => {
  const head = text.slice(0, 64 * 1024);
  for (let i = 0; i < head.length; i++) {
    const c = head.charCodeAt(i);
    // Tab, line feed, vertical tab, form feed and carriage return are text; other C0 controls are not.
    if (c < 0x20 && (c < 0x09 || c > 0x0d) && c !== 0x1b) return true;
  }
  return false;
};

/** A CSV file's records, or its refusal: too large, binary. */
export function csvRecords(content: string, limits: FileLimits): CsvRecord[] {
  if (Buffer.byteLength(content, 'utf8') > limits.bytes) throw tooLarge(limits);
  if (looksBinary(content)) throw new FileRefused({ status: 422, code: 'upload_not_csv' });
  return parseCsv(content).records;
}

/** A cell's value as the text a CSV would hold: numbers as written (`.` decimals), dates as `YYYY-MM-DD` (`YYYY-MM-DDTHH:mm:ss` with a time), formulas by their result. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  // A sheet's date is its wall time as UTC: a date alone as `YYYY-MM-DD`, with a time of day as local ISO (no offset).
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19);
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value;
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
  if ('text' in value) return String(value.text);
  if ('error' in value) return String(value.error);
  return '';
}

/** A part of a zip as its central directory declares it. */
interface ZipPart {
  name: string;
  method: number;
  packed: number;
  unpacked: number;
  /** Where its local header starts. */
  at: number;
}

/**
 * The parts of a zip as its central directory declares them. The directory is at the end (its record
 * in the last 64 KiB); a zip64 size (0xFFFFFFFF) is more than any workbook here may unpack to. Null
 * when there is no readable directory.
 */
export function zipParts(bytes: Buffer): ZipPart[] | null {
  const from = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let i = bytes.length - 22; i >= from; i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const parts: ZipPart[] = [];
  for (let n = 0; n < entries; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) return null;
    const size = (offset: number) => {
      const value = bytes.readUInt32LE(at + offset);
      return value === 0xffffffff ? Number.POSITIVE_INFINITY : value;
    };
    const nameLength = bytes.readUInt16LE(at + 28);
    parts.push({
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
      method: bytes.readUInt16LE(at + 10),
      packed: size(20),
      unpacked: size(24),
      at: bytes.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return parts;
}

/**
 * A part's bytes, unpacked, never more than `budget` of them: inflating stops at the first byte past
 * it (a part's directory entry may lie about its size; what it unpacks to is what counts). Null past
 * the budget.
 */
function unpack(bytes: Buffer, part: ZipPart, budget: number): Buffer | null {
  if (part.at + 30 > bytes.length || bytes.readUInt32LE(part.at) !== 0x04034b50)
    throw new FileRefused({ status: 422, code: 'upload_not_xlsx' });
  const start = part.at + 30 + bytes.readUInt16LE(part.at + 26) + bytes.readUInt16LE(part.at + 28);
  const packed = bytes.subarray(start, start + Math.min(part.packed, bytes.length - start));
  if (part.method === 0) return packed.length <= budget ? packed : null;
  if (part.method !== 8) throw new FileRefused({ status: 422, code: 'upload_not_xlsx' });
  try {
    return inflateRawSync(packed, { maxOutputLength: Math.max(1, budget) });
  } catch (error) {
    if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return null;
    throw new FileRefused({ status: 422, code: 'upload_not_xlsx' });
  }
}

/** Cells in a sheet's XML (`<c>` and `<c …>` elements), counted without parsing it. */
function cellsIn(xml: Buffer): number {
  let cells = 0;
  for (let i = xml.indexOf('<c'); i !== -1; i = xml.indexOf('<c', i + 2)) {
    const next = xml[i + 2];
    // `<c>`, `<c ` and `<c/`, not `<col`, `<cfRule` …
    if (next === 0x3e || next === 0x20 || next === 0x2f || next === 0x09 || next === 0x0a || next === 0x0d) cells++;
  }
  return cells;
}

/**
 * The first worksheet of an XLSX (base64) as records, each on its row's number: the same records a
 * CSV gives, so every kind reads both. The workbook's bytes count against the file limit. Before the
 * workbook library sees it, every part is unpacked here with a budget of `workbookLimits.unpackedBytes`
 * in all (inflating stops at the first byte past it, whatever the zip declares) and its sheets' cells
 * are counted against `workbookLimits.cells`; a sheet with more rows than a file may have is refused
 * before its cells are read.
 */
export async function xlsxRecords(base64: string, limits: FileLimits): Promise<CsvRecord[]> {
  const clean = base64.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) throw new FileRefused({ status: 422, code: 'upload_not_xlsx' });
  if ((clean.length * 3) / 4 > limits.bytes + 3) throw tooLarge(limits);
  const bytes = Buffer.from(clean, 'base64');
  // A zip's local file header: anything else (a CSV sent as xlsx, an old .xls) is no workbook.
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50) throw new FileRefused({ status: 422, code: 'upload_not_xlsx' });
  const parts = zipParts(bytes);
  if (!parts?.some((p) => p.name.startsWith('xl/worksheets/'))) throw new FileRefused({ status: 422, code: 'upload_not_xlsx' });
  if (parts.reduce((sum, p) => sum + p.unpacked, 0) > workbookLimits.unpackedBytes) throw tooComplex();
  let budget = workbookLimits.unpackedBytes;
  let cells = 0;
  for (const part of parts) {
    const unpacked = unpack(bytes, part, budget);
    if (unpacked === null) throw tooComplex();
    budget -= unpacked.length;
    if (/^xl\/worksheets\/[^/]+\.xml$/.test(part.name)) cells += cellsIn(unpacked);
    if (cells > workbookLimits.cells) throw tooComplex();
  }

  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new FileRefused({ status: 422, code: 'upload_not_xlsx' });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new FileRefused({ status: 422, code: 'upload_empty' });
  if (sheet.actualRowCount > limits.rows + 1) {
    throw new FileRefused({ status: 413, code: 'upload_too_many_rows', params: { rows: sheet.actualRowCount - 1, max: limits.rows } });
  }
  const records: CsvRecord[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value);
    });
    const filled = Array.from(cells, (c) => c ?? '');
    while (filled.length && filled[filled.length - 1]?.trim() === '') filled.pop();
    if (filled.length) records.push({ line: row.number, cells: filled });
  });
  return records;
}
