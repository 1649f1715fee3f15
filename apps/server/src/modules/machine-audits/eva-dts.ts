/**
 * The EVA-DTS (DEX/UCS) audit file reader (docs/rules.md "Machine audits: reading the file", decision
 * 0056): text in, the segments as read and the figures the product interprets out, in cents. Pure: no
 * database, no HTTP. A file is refused (`EvaDtsError`) only when it is no audit at all, a line inside
 * its envelope is no segment, its checksum (`G85`) or its segment count (`SE`) is wrong; unknown and
 * maker-specific segments are kept, a malformed field reads as null.
 */
import { type MachineAuditBlock, type MachineAuditCounters, type MachineAuditEvent, zagrebOffset } from '@kovanica/contract';
import { evaDtsEventMeaning } from './eva-dts.events.ts';
import { EvaDtsError, type ParsedAudit, type ParsedProduct } from './eva-dts.types.ts';

/** One line of the file: its 1-based number, as written (no line break) and without trailing blanks. */
interface Line {
  number: number;
  raw: string;
  text: string;
}

/** One segment: its line, its id (`VA1`) and its fields after the id, as written. */
interface Segment {
  line: Line;
  id: string;
  fields: string[];
}

/** A segment id: a capital letter and one to four capitals or digits (`ST`, `G85`, `CA10`, `ZZ1`). */
const SEGMENT_ID = /^[A-Z][A-Z0-9]{1,4}$/;

/** The standard's data segments: a text with none of them is no audit. */
const DATA_SEGMENT = /^(ID[1-7]|CB1|AM1|VA[1-3]|CA\d{1,2}|BA\d{1,2}|DA\d{1,2}|DB\d{1,2}|TA\d|PA\d|EA\d|MA5|SD1|LS|LE)$/;

/** The segments the reader interprets (`known` in the blocks); the rest are kept as they are. */
const INTERPRETED = new Set([
  ...['DXS', 'ST', 'G85', 'SE', 'DXE'],
  ...['ID1', 'ID4', 'ID5', 'CB1', 'VA1', 'VA2', 'VA3'],
  ...['CA2', 'CA3', 'CA4', 'CA7', 'CA8', 'DA2', 'DB2', 'TA2'],
  ...['PA1', 'PA2', 'PA3', 'PA4', 'PA7', 'EA1', 'EA2'],
]);

/** ISO 4217 numeric codes of the currencies a machine around here may count in (`ID402` without `ID403`). */
const CURRENCY_BY_NUMBER: Readonly<Record<string, string>> = {
  '978': 'EUR',
  '191': 'HRK',
  '977': 'BAM',
  '941': 'RSD',
  '348': 'HUF',
  '203': 'CZK',
  '985': 'PLN',
  '946': 'RON',
  '975': 'BGN',
  '756': 'CHF',
  '826': 'GBP',
  '840': 'USD',
};

/** CRC-16/ARC (polynomial 0x8005 reflected, initial 0, no final XOR) of bytes: check value 0xBB3D for "123456789". */
export function crc16Arc(bytes: Iterable<number>): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte & 0xff;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

/** The bytes of lines as G85 covers them: each line followed by CR LF, in UTF-8 or Latin-1. */
function coveredBytes(lines: string[], latin1: boolean): Iterable<number> {
  const text = lines.map((line) => `${line}\r\n`).join('');
  return latin1 ? Array.from(text, (char) => char.charCodeAt(0)) : new TextEncoder().encode(text);
}

function splitLines(text: string): Line[] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const eof = String.fromCharCode(0x1a);
  return body.split(/\r\n|\r|\n/).map((raw, index) => {
    let trimmed = raw.trimEnd();
    while (trimmed.endsWith(eof)) trimmed = trimmed.slice(0, -1).trimEnd();
    return { number: index + 1, raw, text: trimmed };
  });
}

const idOf = (line: Line) => (line.text.split('*')[0] ?? '').trim();

/**
 * The lines the audit is in: from `DXS` to `DXE`; without them, from `ST` to `SE`; without those, the
 * whole text. Lines outside (a handheld's banner before `DXS`) and blank lines are left out.
 */
function auditLines(lines: Line[]): Line[] {
  const within = (startId: string, endId: string): Line[] | null => {
    const start = lines.findIndex((line) => idOf(line) === startId);
    if (start < 0) return null;
    const end = lines.findIndex((line, index) => index > start && idOf(line) === endId);
    return lines.slice(start, end < 0 ? lines.length : end + 1);
  };
  const region = within('DXS', 'DXE') ?? within('ST', 'SE') ?? lines;
  return region.filter((line) => line.text !== '');
}

function toSegments(lines: Line[]): Segment[] {
  if (!lines.some((line) => DATA_SEGMENT.test(idOf(line)))) {
    throw new EvaDtsError('not_an_audit', 1, 'No EVA-DTS (DEX) audit: the text has none of its segments (ID1, VA1, PA1…).');
  }
  return lines.map((line) => {
    const [id = '', ...fields] = line.text.split('*');
    if (!SEGMENT_ID.test(id.trim())) {
      throw new EvaDtsError('malformed_segment', line.number, `Line ${line.number} is no EVA-DTS segment: "${line.text.slice(0, 40)}".`);
    }
    return { line, id: id.trim(), fields };
  });
}

/** Where the checksum and the segment count start: `ST`, else the first segment after `DXS`. */
function firstCovered(segments: Segment[]): number {
  const st = segments.findIndex((segment) => segment.id === 'ST');
  if (st >= 0) return st;
  return segments[0]?.id === 'DXS' ? 1 : 0;
}

/**
 * The checksum `G85` should carry for a file: CRC-16/ARC of the lines from `ST` (else the first segment)
 * up to the `G85` line (else `SE`, `DXE`, the end), each without trailing blanks and followed by CR LF, as four
 * capital hex digits. For writing test files and demo audits.
 */
export function evaDtsChecksum(text: string): string {
  const segments = toSegments(auditLines(splitLines(text)));
  const end = segments.findIndex((segment) => ['G85', 'SE', 'DXE'].includes(segment.id));
  const covered = segments.slice(firstCovered(segments), end < 0 ? segments.length : end).map((segment) => segment.line.text);
  return crc16Arc(coveredBytes(covered, false)).toString(16).toUpperCase().padStart(4, '0');
}

/**
 * `G85` against the lines it covers. CR/LF do not matter (lines are joined with CR LF whatever the file
 * had); the lines are tried as written and without trailing blanks, in UTF-8 and Latin-1: any match is
 * a match. No `G85`: nothing to check.
 */
function checkChecksum(segments: Segment[]): void {
  const index = segments.findIndex((segment) => segment.id === 'G85');
  const g85 = segments[index];
  if (!g85) return;
  const written = (g85.fields[0] ?? '').trim();
  const expected = /^[0-9A-Fa-f]{1,4}$/.test(written) ? Number.parseInt(written, 16) : null;
  const covered = segments.slice(firstCovered(segments), index).map((segment) => segment.line);
  const variants = [covered.map((line) => line.raw), covered.map((line) => line.text)];
  const matches = variants.some((lines) => [false, true].some((latin1) => crc16Arc(coveredBytes(lines, latin1)) === expected));
  if (!matches) {
    const computed = crc16Arc(coveredBytes(variants[1] ?? [], false))
      .toString(16)
      .toUpperCase()
      .padStart(4, '0');
    throw new EvaDtsError(
      'checksum_mismatch',
      g85.line.number,
      `The checksum on line ${g85.line.number} (G85 ${written || 'empty'}) does not match the file (${computed}): the file was changed or cut.`,
    );
  }
}

/**
 * `SE01` against the segments from `ST` to `SE`, both counted. Some machines leave the loop markers
 * (`LS`, `LE`) out of the count: that count is taken too. `ST` without `SE`: the file was cut short.
 */
function checkSegmentCount(segments: Segment[]): void {
  const st = segments.findIndex((segment) => segment.id === 'ST');
  const seIndex = segments.findIndex((segment, index) => index > st && segment.id === 'SE');
  const se = segments[seIndex];
  if (!se) {
    const last = segments[segments.length - 1]?.line.number ?? 1;
    if (st >= 0) throw new EvaDtsError('segment_count_mismatch', last, `The file ends on line ${last} without its SE segment: it was cut.`);
    return;
  }
  const counted = segments.slice(firstCovered(segments), seIndex + 1);
  const loops = counted.filter((segment) => segment.id === 'LS' || segment.id === 'LE').length;
  const written = (se.fields[0] ?? '').trim();
  const count = /^\d{1,9}$/.test(written) ? Number(written) : null;
  if (count !== counted.length && count !== counted.length - loops) {
    throw new EvaDtsError(
      'segment_count_mismatch',
      se.line.number,
      `The segment count on line ${se.line.number} (SE ${written || 'empty'}) does not match the ${counted.length} segments from ST to SE.`,
    );
  }
}

/** A field (1-based, as the standard numbers them: VA101 is field 1 of VA1), trimmed; null when empty or absent. */
const textField = (segment: Segment | undefined, field: number): string | null => segment?.fields[field - 1]?.trim() || null;

/** A whole number field; null when absent, empty or not digits. */
const countField = (segment: Segment | undefined, field: number): number | null => {
  const value = textField(segment, field);
  return value !== null && /^\d{1,15}$/.test(value) ? Number(value) : null;
};

/**
 * A value in the currency's minor units with `decimals` places, in cents: exact for 0–2 places; with
 * more, rounded half away from zero to the cent. Integers only.
 */
export function toCents(value: number | null, decimals: number): number | null {
  if (value === null) return null;
  if (decimals <= 2) {
    const cents = value * 10 ** (2 - decimals);
    return Number.isSafeInteger(cents) ? cents : null;
  }
  const divisor = 10 ** (decimals - 2);
  const whole = Math.floor(value / divisor);
  return (value % divisor) * 2 >= divisor ? whole + 1 : whole;
}

/**
 * A machine's local date and time (`YYMMDD` or `YYYYMMDD`, `HHMM` or `HHMMSS`; no time: midnight) read as
 * Europe/Zagreb time; null when it is no date (`000000`, letters, 31 February).
 */
export function zagrebTimeOf(date: string | null, time: string | null): Date | null {
  if (date === null || !/^(\d{6}|\d{8})$/.test(date)) return null;
  const clock = time ?? '0000';
  if (!/^(\d{4}|\d{6})$/.test(clock)) return null;
  const year = date.length === 6 ? 2000 + Number(date.slice(0, 2)) : Number(date.slice(0, 4));
  const [month, day] = [Number(date.slice(-4, -2)), Number(date.slice(-2))];
  const [hour, minute, second] = [Number(clock.slice(0, 2)), Number(clock.slice(2, 4)), Number(clock.slice(4, 6) || '0')];
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  return new Date(wall - zagrebOffset(wall - zagrebOffset(wall)));
}

/** What the segments say, in one place for the readers below. */
interface Reading {
  segments: Segment[];
  first: (id: string) => Segment | undefined;
  money: (segment: Segment | undefined, field: number) => number | null;
}

function reading(segments: Segment[]): Reading {
  const byId = new Map<string, Segment>();
  for (const segment of segments) if (!byId.has(segment.id)) byId.set(segment.id, segment);
  const places = countField(byId.get('ID4'), 1);
  const decimals = places !== null && places <= 6 ? places : 2;
  return {
    segments,
    first: (id) => byId.get(id),
    money: (segment, field) => toCents(countField(segment, field), decimals),
  };
}

/** The "since initialisation" fields of a segment when it has any, else its "since reset" ones. */
function initOrReset(segment: Segment | undefined, init: number[], reset: number[], read: Reading['money']): (number | null)[] {
  const fromInit = init.map((field) => read(segment, field));
  return fromInit.some((value) => value !== null) ? fromInit : reset.map((field) => read(segment, field));
}

const sum = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : a + b);

function readCounters(r: Reading): MachineAuditCounters {
  const [va1, va2, va3, ca2, da2, db2, ta2] = ['VA1', 'VA2', 'VA3', 'CA2', 'DA2', 'DB2', 'TA2'].map(r.first);
  const [cashIn, toBox, toTubes, notesIn] = initOrReset(r.first('CA3'), [5, 6, 7, 8], [1, 2, 3, 4], r.money);
  const [dispensed, manuallyDispensed] = initOrReset(r.first('CA4'), [3, 4], [1, 2], r.money);
  const [discounts] = initOrReset(r.first('CA7'), [2], [1], r.money);
  const [overpay] = initOrReset(r.first('CA8'), [2], [1], r.money);
  return {
    paidSalesCents: r.money(va1, 1),
    paidVends: countField(va1, 2),
    testVendsCents: r.money(va2, 1),
    testVends: countField(va2, 2),
    freeVendsCents: r.money(va3, 1),
    freeVends: countField(va3, 2),
    cashSalesCents: r.money(ca2, 1),
    cashVends: countField(ca2, 2),
    cashInCents: cashIn ?? null,
    cashToBoxCents: toBox ?? null,
    cashToTubesCents: toTubes ?? null,
    notesInCents: notesIn ?? null,
    dispensedCents: dispensed ?? null,
    manuallyDispensedCents: manuallyDispensed ?? null,
    discountsCents: discounts ?? null,
    overpayCents: overpay ?? null,
    cashlessSalesCents: sum(r.money(da2, 1), r.money(db2, 1)),
    cashlessVends: sum(countField(da2, 2), countField(db2, 2)),
    tokenSalesCents: r.money(ta2, 1),
    tokenVends: countField(ta2, 2),
  };
}

/**
 * The selections: each `PA1` starts one, the `PA2`–`PA4` and `PA7` after it are its own. Without
 * paid figures in `PA2`, the `PA7` lines (per payment device and price list) are summed instead.
 */
function readProducts(r: Reading): ParsedProduct[] {
  const products: { product: ParsedProduct; pa7Vends: number | null; pa7Cents: number | null }[] = [];
  for (const segment of r.segments) {
    if (segment.id === 'PA1') {
      const product = {
        selection: textField(segment, 1) ?? '',
        priceCents: r.money(segment, 2),
        paidVends: null,
        paidCents: null,
        testVends: null,
        freeVends: null,
      };
      products.push({ product, pa7Vends: null, pa7Cents: null });
      continue;
    }
    const current = products[products.length - 1];
    if (!current) continue;
    if (segment.id === 'PA2') {
      current.product.paidVends = countField(segment, 1);
      current.product.paidCents = r.money(segment, 2);
    } else if (segment.id === 'PA3') current.product.testVends = countField(segment, 1);
    else if (segment.id === 'PA4') current.product.freeVends = countField(segment, 1);
    else if (segment.id === 'PA7') {
      current.pa7Vends = sum(current.pa7Vends, countField(segment, 5));
      current.pa7Cents = sum(current.pa7Cents, r.money(segment, 6));
    }
  }
  return products.map(({ product, pa7Vends, pa7Cents }) =>
    product.paidVends === null && product.paidCents === null ? { ...product, paidVends: pa7Vends, paidCents: pa7Cents } : product,
  );
}

/**
 * The events: one per `EA1` (code, when it last happened) and per `EA2` (code, count since
 * initialisation, else since reset, active); an `EA2` right after the `EA1` of its code completes it.
 */
function readEvents(r: Reading): MachineAuditEvent[] {
  const events: MachineAuditEvent[] = [];
  let previous: { segment: Segment; event: MachineAuditEvent } | null = null;
  for (const segment of r.segments) {
    const code = textField(segment, 1);
    if ((segment.id !== 'EA1' && segment.id !== 'EA2') || code === null) {
      previous = null;
      continue;
    }
    if (segment.id === 'EA1') {
      const at = zagrebTimeOf(textField(segment, 2), textField(segment, 3));
      const event = { code, meaning: evaDtsEventMeaning(code), at: at?.toISOString() ?? null, count: null, active: null };
      events.push(event);
      previous = { segment, event };
      continue;
    }
    const activity = textField(segment, 5);
    const count = countField(segment, 3) ?? countField(segment, 2);
    const active = activity === '1' ? true : activity === '0' ? false : null;
    if (previous?.segment.id === 'EA1' && previous.event.code === code) Object.assign(previous.event, { count, active });
    else events.push({ code, meaning: evaDtsEventMeaning(code), at: null, count, active });
    previous = null;
  }
  return events;
}

function readCurrency(r: Reading): string | null {
  const id4 = r.first('ID4');
  const letters = textField(id4, 3);
  if (letters !== null && /^[A-Za-z]{3}$/.test(letters)) return letters.toUpperCase();
  const number = textField(id4, 2);
  return number !== null && /^\d{1,3}$/.test(number) ? (CURRENCY_BY_NUMBER[number.padStart(3, '0')] ?? null) : null;
}

/**
 * An EVA-DTS audit file read: envelope, checksum and segment count checked, the figures interpreted,
 * every segment kept as a block. Throws `EvaDtsError` for a file refused.
 */
export function parseEvaDts(text: string): ParsedAudit {
  const segments = toSegments(auditLines(splitLines(text)));
  checkChecksum(segments);
  checkSegmentCount(segments);
  const r = reading(segments);
  const id5 = r.first('ID5');
  const blocks: MachineAuditBlock[] = segments.map((segment) => ({
    line: segment.line.number,
    segment: segment.id,
    fields: segment.fields,
    known: INTERPRETED.has(segment.id),
  }));
  return {
    machineSerial: textField(r.first('ID1'), 1),
    boardSerial: textField(r.first('CB1'), 1),
    machineModel: textField(r.first('ID1'), 2),
    auditedAt: zagrebTimeOf(textField(id5, 1), textField(id5, 2)),
    currency: readCurrency(r),
    counters: readCounters(r),
    products: readProducts(r),
    events: readEvents(r),
    blocks,
  };
}
