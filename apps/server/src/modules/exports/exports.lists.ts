import {
  alarmFieldsDescription,
  articleFieldsDescription,
  cardTransactionFieldsDescription,
  depositFieldsDescription,
  deviceFieldsDescription,
  EXPORT_MAX_ROWS,
  type ExportFormat,
  type FieldSpec,
  type FieldsDescription,
  formatDateTime,
  iri,
  type Language,
  type ListExportKind,
  type ListExportParams,
  lessorFieldsDescription,
  locationFieldsDescription,
  loyaltyCardFieldsDescription,
  repositoryFieldsDescription,
  topUpFieldsDescription,
  transactionFieldsDescription,
  wordsKey,
} from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import { badQuery, type CollectionQuery, parseCollectionQuery } from '../../core/collection.ts';
import type { RequestContext } from '../../core/context.ts';
import { DomainError } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { decodeCursor } from '../../db/paging.ts';
import type { ListSource } from '../../deps.ts';
import { aboutLines, describeBuild, exportFileName } from './exports.about.ts';
import { type ByteSink, type Cell, csvWriter, type FileColumn, type FileHead, type FileWriter, xlsxWriter } from './exports.files.ts';
import type { BuiltFile, Progress } from './exports.finance.ts';
import { EXPORT_WORDS } from './exports.words.ts';

/** Rows asked of a list at a time: the list's own page, 1,000 rows (a few hundred kB of items). */
export const LIST_EXPORT_CHUNK = 1_000;

type Words = { en: string; hr: string };
/**
 * A column of a list's file: the item's field, its label (the list's column, as the web's
 * `resources.<name>.fields` says it), and how it is written. `instant`: a time, written
 * `dd.MM.yyyy HH:mm` in Zagreb; `flag`: yes or no; `decimal`: a number as it is (a rate).
 */
interface ListColumn {
  field: string;
  label: Words;
  type: FileColumn['type'] | 'instant' | 'flag' | 'decimal';
  /** A stored word of a fixed set, written as the list on screen words it (`EXPORT_WORDS`). */
  words?: keyof typeof EXPORT_WORDS;
}
const col = (field: string, en: string, hr: string, type: ListColumn['type'] = 'text'): ListColumn => ({
  field,
  label: { en, hr },
  type,
});
/** A column of stored words (`verified`, `G`, `storno`) written in the reader's language. */
const word = (field: string, en: string, hr: string, words: keyof typeof EXPORT_WORDS): ListColumn => ({ ...col(field, en, hr), words });

/** The file's columns of a resource whose fields the contract describes: its `file` fields, in order. */
function fileColumnsOf({ resource, fields }: FieldsDescription): ListColumn[] {
  return Object.entries<FieldSpec>(fields).flatMap(([field, spec]) => {
    if (!spec.file) return [];
    const type = spec.kind === 'words' ? 'text' : spec.kind;
    return [{ field, label: spec.label, type, ...(spec.words ? { words: wordsKey(resource, spec.words) } : {}) }];
  });
}

const device = col('deviceName', 'Device', 'Uređaj');
const location = col('locationName', 'Location', 'Lokacija');

/** Each list's file: its title (the sheet's and the file's name) and its columns, in the list's order. */
export const listExports: Record<ListExportKind, { title: Words; columns: ListColumn[] }> = {
  devices: { title: { en: 'Devices', hr: 'Uređaji' }, columns: fileColumnsOf(deviceFieldsDescription) },
  transactions: { title: { en: 'Transactions', hr: 'Transakcije' }, columns: fileColumnsOf(transactionFieldsDescription) },
  deposits: { title: { en: 'Deposits', hr: 'Polozi' }, columns: fileColumnsOf(depositFieldsDescription) },
  alarms: { title: { en: 'Alarms', hr: 'Alarmi' }, columns: fileColumnsOf(alarmFieldsDescription) },
  bills: {
    title: { en: 'Bills', hr: 'Računi' },
    columns: [
      col('number', 'Number', 'Broj'),
      col('issuedAt', 'Issued', 'Izdano', 'instant'),
      word('kind', 'Kind', 'Vrsta', 'bills.kinds'),
      device,
      location,
      col('totalCents', 'Total', 'Ukupno', 'money'),
      col('vatBaseCents', 'VAT base', 'Osnovica PDV-a', 'money'),
      col('vatCents', 'VAT', 'PDV', 'money'),
      word('payment', 'Payment', 'Plaćanje', 'bills.payments'),
      col('zki', 'ZKI', 'ZKI'),
      col('jir', 'JIR', 'JIR'),
      word('status', 'Status', 'Stanje', 'bills.statuses'),
    ],
  },
  'loyalty-cards': { title: { en: 'Loyalty cards', hr: 'Kartice vjernosti' }, columns: fileColumnsOf(loyaltyCardFieldsDescription) },
  'card-transactions': {
    title: { en: 'Card transactions', hr: 'Transakcije kartica' },
    columns: fileColumnsOf(cardTransactionFieldsDescription),
  },
  'top-ups': { title: { en: 'Top-ups', hr: 'Nadoplate' }, columns: fileColumnsOf(topUpFieldsDescription) },
  articles: { title: { en: 'Articles', hr: 'Artikli' }, columns: fileColumnsOf(articleFieldsDescription) },
  repositories: { title: { en: 'Repositories', hr: 'Skladišta' }, columns: fileColumnsOf(repositoryFieldsDescription) },
  locations: { title: { en: 'Locations', hr: 'Lokacije' }, columns: fileColumnsOf(locationFieldsDescription) },
  lessors: { title: { en: 'Lessors', hr: 'Najmodavci' }, columns: fileColumnsOf(lessorFieldsDescription) },
};

/** The columns the totals line adds up: amounts and quantities (not prices, rates or balances after). */
const summedFields = new Set([
  'amountCents',
  'count',
  'reportedCoinsCents',
  'depositCoinsCents',
  'differenceCoinsCents',
  'reportedTokens',
  'depositTokens',
  'differenceTokens',
  'totalCents',
  'vatBaseCents',
  'vatCents',
  'paidCents',
  'bonusCents',
  'balanceCents',
  'quantityInStock',
  'stockValueCents',
  'articlesInStock',
  'unitsInStock',
  'devicesCount',
  'locationsCount',
]);
/**
 * Lists whose rows are of kinds that do not add up together (coins, prizes and free rides; top-ups and
 * spends): their totals are a line per kind, never one sum of them all (docs/rules.md, "Totals").
 * Transactions first add their revenue: the payments (coins, notes, tokens at their value, cashless,
 * loyalty cards) without test plays, as revenue is defined; test plays get a line of their own.
 */
const splitTotals: Partial<Record<ListExportKind, { by: string; words: keyof typeof EXPORT_WORDS }>> = {
  transactions: { by: 'type', words: 'resources.transactions.types' },
  'card-transactions': { by: 'kind', words: 'resources.card-transactions.kinds' },
};
/** The transactions that are payments, i.e. revenue unless a test play (docs/rules.md, "Revenue"). */
const PAYMENT_TYPES = new Set(['coin', 'note', 'token', 'cashless', 'card']);
const totalsWords = {
  revenue: { en: 'Revenue (without test plays)', hr: 'Prihod (bez testnih igara)' },
  test: { en: 'Test plays (not revenue)', hr: 'Testne igre (nisu prihod)' },
} as const;
const company = col('company', 'Company', 'Tvrtka');
const yesNo = { en: ['Yes', 'No'], hr: ['Da', 'Ne'] } as const;
const totalWord = { en: 'Total', hr: 'Ukupno' } as const;
/** Query parameters of a page, not of a filter: an export has every row, in the list's order. */
const notFilters = new Set(['page', 'itemsPerPage', 'cursor', 'client', 'pagination']);

/**
 * A list's filters parsed by the list's own parser (its unknown names and bad values are its 400s,
 * which the export reports as 422s of `params.<name>`), without paging or order.
 */
export function listQuery(source: ListSource, params: ListExportParams): CollectionQuery {
  for (const param of Object.keys(params)) {
    if (notFilters.has(param) || param.startsWith('order[')) throw badQuery(param);
  }
  return parseCollectionQuery(params, source.spec, source.columns);
}

/**
 * May the caller read this list? What its route asks: the permission, the module and the component
 * (the guard's own checks, made again by the builder with the user's access as it is then).
 */
export function mayExport(ctx: RequestContext, permission: ListSource['permission'], module: string | undefined, component?: string) {
  if (!ctx.can(permission)) throw new DomainError(403, 'forbidden');
  if (ctx.actor.role === 'admin') return;
  if (module && !ctx.actor.activeModules.includes(module as never)) throw new DomainError(403, 'module_off', { module });
  if (component && !ctx.actor.activeModuleComponents.includes(component as never))
    throw new DomainError(403, 'module_off', { module: component });
}

/** Gives the event loop a turn (other users' requests) between chunks of a long build. */
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Builds a list's file (decision 0026): the list service's own pages of the rows the user may list,
 * 1,000 at a time: along the list's keyset by cursor where it has one (transactions, deposits, bills,
 * card transactions, top-ups: each chunk an index range, however deep), else by page number. Each
 * chunk is written to the file and dropped, moves the progress, and lets other requests run. The
 * first page counts the rows (up to `EXPORT_MAX_ROWS`); the next ones count nothing.
 */
export async function buildListExport(
  db: Db,
  ctx: RequestContext,
  kind: ListExportKind,
  source: ListSource,
  params: ListExportParams,
  format: ExportFormat,
  sink: ByteSink,
  progress: Progress,
  /** The chunk size and row limit (tests make them small), a hook per chunk, the time it is made (its name's day). */
  options: { chunk?: number; maxRows?: number; onChunk?: (rows: number) => void; now?: Date } = {},
): Promise<BuiltFile> {
  if (format === 'pdf') throw new DomainError(422, 'validation', {}, [{ propertyPath: 'format', code: 'invalid' }]);
  const chunk = options.chunk ?? LIST_EXPORT_CHUNK;
  const maxRows = options.maxRows ?? EXPORT_MAX_ROWS;
  const spec = listExports[kind];
  const lang: Language = ctx.lang;
  const parsed = listQuery(source, params);
  const wide = ctx.view === 'all';
  const companies = wide ? await companyNames(db) : new Map<string, string>();
  const columns = wide ? [spec.columns[0] as ListColumn, company, ...spec.columns.slice(1)] : spec.columns;
  const madeAt = options.now ?? new Date();
  const about = await describeBuild(db, ctx, { kind, report: false, params, title: spec.title[lang] });
  const head: FileHead = {
    title: spec.title[lang],
    subtitle: '',
    about: aboutLines(about, lang, madeAt),
    sheet: spec.title[lang],
    columns: columns.map((c) => ({
      label: c.label[lang],
      type: c.type === 'money' || c.type === 'count' || c.type === 'date' ? c.type : 'text',
      width: c.type === 'instant' ? 17 : undefined,
    })),
    empty: '',
  };
  const writer: FileWriter = format === 'csv' ? csvWriter(head, sink) : xlsxWriter(head, sink);
  const cell = (item: Record<string, unknown>, c: ListColumn): Cell => {
    const value = item[c.field];
    if (value === null || value === undefined) return null;
    if (c.field === 'company') return companies.get(String(value)) ?? String(value);
    if (c.type === 'instant') return formatDateTime(String(value));
    if (c.type === 'flag') return yesNo[lang][value ? 0 : 1];
    if (c.words) return EXPORT_WORDS[c.words]?.[String(value)]?.[lang] ?? String(value);
    if (c.type === 'decimal') return lang === 'hr' ? String(value).replace('.', ',') : String(value);
    if (c.type === 'date') return String(value).slice(0, 10);
    if (typeof value === 'object') return JSON.stringify(value);
    return value as Cell;
  };
  const summed = columns.map((c) => summedFields.has(c.field));
  // Sums per kind of row where kinds do not add up (`splitTotals`), else one group; test plays apart.
  const split = splitTotals[kind];
  const groups = new Map<string, { test: boolean; of: string; sums: number[] }>();
  const tally = (item: Record<string, unknown>, line: Cell[]) => {
    const of = split ? String(item[split.by]) : '';
    const test = item.test === true;
    const key = `${test}:${of}`;
    let group = groups.get(key);
    if (!group) {
      group = { test, of, sums: columns.map(() => 0) };
      groups.set(key, group);
    }
    for (const [i, v] of line.entries()) if (summed[i] && typeof v === 'number') group.sums[i] = (group.sums[i] ?? 0) + v;
  };

  // The first page counts the rows (a keyset list counts up to the limit; the list itself stops at its depth).
  const first: CollectionQuery = { ...parsed, page: 1, itemsPerPage: chunk, after: null, depth: parsed.keyset ? maxRows : null };
  let page = await source.list(ctx, first);
  const total = page.total;
  if (total === null || total > maxRows) throw new DomainError(422, 'export_too_long', { max: maxRows, lines: total ?? maxRows + 1 });
  let written = 0;
  let number = 1;
  for (;;) {
    const items = page.items as unknown as Record<string, unknown>[];
    const lines = items.map((item) => columns.map((c) => cell(item, c)));
    for (const [n, line] of lines.entries()) tally(items[n] as Record<string, unknown>, line);
    await writer.write(lines);
    written += lines.length;
    options.onChunk?.(lines.length);
    await progress(written, total);
    await yieldTurn();
    if (lines.length < chunk || written >= total) break;
    number++;
    if (parsed.keyset) {
      const after = page.next ? decodeCursor(page.next) : null;
      if (!after) break;
      // Along the keyset from the last row; `depth: 0` counts nothing (the total is known).
      page = await source.list(ctx, { ...parsed, page: 1, itemsPerPage: chunk, after, depth: 0 });
    } else {
      page = await source.list(ctx, { ...parsed, page: number, itemsPerPage: chunk, after: null, depth: null });
    }
  }
  await writer.finish(totalsLines(kind, columns, summed, [...groups.values()], lang));
  // Named in the reader's language by the Zagreb day it was made (not UTC's: 00:01 on 6 December is the 6th).
  return { fileName: exportFileName(spec.title[lang], about, lang, format, { madeAt }), rows: written };
}

/**
 * The totals lines of a list's file: one line of what adds up (amounts and quantities), or where the
 * rows are of kinds that do not add up together, a line per kind (and for transactions first their
 * revenue without test plays, last the test plays apart).
 */
function totalsLines(
  kind: ListExportKind,
  columns: ListColumn[],
  summed: boolean[],
  groups: { test: boolean; of: string; sums: number[] }[],
  lang: Language,
): Cell[][] {
  const line = (label: string, sums: (i: number) => number | null): Cell[] =>
    columns.map((_, i) => (i === 0 ? label : summed[i] ? sums(i) : null));
  const sumOf = (chosen: typeof groups, i: number) => chosen.reduce((a, g) => a + (g.sums[i] ?? 0), 0);
  const split = splitTotals[kind];
  if (!split) return [line(totalWord[lang], (i) => sumOf(groups, i))];
  const words = EXPORT_WORDS[split.words] ?? {};
  const order = Object.keys(words);
  const real = groups.filter((g) => !g.test).sort((a, b) => order.indexOf(a.of) - order.indexOf(b.of));
  const amount = columns.findIndex((c) => c.field === 'amountCents');
  const lines: Cell[][] = [];
  if (kind === 'transactions') {
    const payments = real.filter((g) => PAYMENT_TYPES.has(g.of));
    lines.push(line(totalsWords.revenue[lang], (i) => (i === amount ? sumOf(payments, i) : null)));
  }
  for (const g of real) {
    // A free ride, a reset or a prize stands for no money: its amount is not a sum of anything.
    const noMoney = kind === 'transactions' && !PAYMENT_TYPES.has(g.of);
    lines.push(line(`${totalWord[lang]}: ${words[g.of]?.[lang] ?? g.of}`, (i) => (noMoney && i === amount ? null : (g.sums[i] ?? 0))));
  }
  const tests = groups.filter((g) => g.test);
  if (tests.length > 0) lines.push(line(totalsWords.test[lang], (i) => (i === amount ? sumOf(tests, i) : null)));
  if (lines.length === 0) lines.push(line(totalWord[lang], () => 0));
  return lines;
}

/** Company names by IRI, for the All Companies view's company column. */
async function companyNames(db: Db): Promise<Map<string, string>> {
  const result = await db.execute(sql`select id, name from companies`);
  const rows = (result as unknown as { rows: { id: number; name: string }[] }).rows;
  return new Map(rows.map((r) => [iri('companies', r.id), r.name]));
}
