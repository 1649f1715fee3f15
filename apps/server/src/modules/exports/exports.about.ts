import {
  addDays,
  asciiFileStem,
  businessDate,
  type ExportKind,
  formatDate,
  formatDateTime,
  formatMoney,
  type Language,
} from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import type { Db } from '../../db/client.ts';
import { EXPORT_WORDS } from './exports.words.ts';

/**
 * What an export holds, in words (docs/api.md "Exports: what a file says it holds", decision 0042):
 * the company (name and OIB), the report or list, the period, every filter with its label and value
 * (names, not ids), and who made it when. Every file starts with these lines and the exports list
 * shows them; a filtered file says so, and its name too.
 */
export interface ExportAbout {
  /** `Kovanica d.o.o., OIB 12345678903`; the All Companies view says so. */
  company: string;
  /** The report's or list's title as the file names it. */
  report: string;
  /** `01.11.2026 – 30.11.2026 · Per month`; a list without a range: its words for "every date". */
  period: string;
  /** Every filter, with its label and value in the reader's words (`Location`, `Riva — caffe bar`). */
  filters: { label: string; value: string }[];
  /** Who asked for it: name and surname. */
  madeBy: string;
}

type Words = { en: string; hr: string };
const w = (en: string, hr: string): Words => ({ en, hr });

const words = {
  company: w('Company', 'Tvrtka'),
  report: w('Report', 'Izvještaj'),
  period: w('Period', 'Razdoblje'),
  filters: w('Filters', 'Filtri'),
  made: w('Made', 'Izrađeno'),
  none: w('None: every row', 'Nema: svi retci'),
  everyDate: w('Every date', 'Svi datumi'),
  allCompanies: w('All companies', 'Sve tvrtke'),
  withSubsidiaries: w('{company} and its subsidiaries', '{company} i podređene tvrtke'),
  oib: w('OIB', 'OIB'),
  comparedWith: w('compared with', 'u usporedbi s'),
  contains: w('contains “{text}”', 'sadrži „{text}”'),
  madeAt: w('{at} (Zagreb time) by {name}', '{at} (po zagrebačkom vremenu), {name}'),
  yes: w('Yes', 'Da'),
  no: w('No', 'Ne'),
  from: w('from {day}', 'od {day}'),
  until: w('until {day}', 'do {day}'),
  filtered: w('filtered', 'filtrirano'),
} as const;

/** The words of a report's period (`period`), as the report screens say them. */
const periodWords: Record<string, Words> = {
  day: w('Per day', 'Po danu'),
  week: w('Per week', 'Po tjednu'),
  month: w('Per month', 'Po mjesecu'),
  year: w('Per year', 'Po godini'),
  range: w('Whole range', 'Cijelo razdoblje'),
};

/**
 * The labels of the filters the lists and reports have, as their screens name them, in the order a
 * file lists them (the widest first: company, lessor, city, location, device; the stored params'
 * order is the database's).
 */
const filterLabels: Record<string, Words> = {
  company: w('Company', 'Tvrtka'),
  lessor: w('Lessor', 'Najmodavac'),
  city: w('City', 'Grad'),
  location: w('Location', 'Lokacija'),
  device: w('Device', 'Uređaj'),
  type: w('Type', 'Vrsta'),
  status: w('Status', 'Stanje'),
  kind: w('Kind', 'Vrsta'),
  payment: w('Payment', 'Plaćanje'),
  test: w('Test play', 'Testna igra'),
  group: w('Group', 'Grupa'),
  name: w('Name', 'Naziv'),
  logger: w('Logger', 'Logger'),
  tags: w('Tags', 'Oznake'),
  critical: w('Critical', 'Kritično'),
  serviceMode: w('Service mode', 'Servisni način'),
  active: w('Active', 'Aktivna'),
  responsibleWorker: w('Responsible worker', 'Odgovorna osoba'),
  owner: w('Programme owner', 'Vlasnik programa'),
  holder: w('Holder', 'Korisnik'),
  card: w('Card', 'Kartica'),
  flagged: w('Check', 'Provjera'),
  uid: w('Chip id (UID)', 'Oznaka čipa (UID)'),
  number: w('Number', 'Broj'),
  posLocation: w('Point of sale', 'Prodajno mjesto'),
  posWorker: w('Worker', 'Djelatnik'),
  supplier: w('Supplier', 'Dobavljač'),
  unit: w('Unit', 'Jedinica mjere'),
  oib: w('OIB', 'OIB'),
  rentalType: w('Rental type', 'Vrsta najma'),
  premises: w('Business premises', 'Poslovni prostor'),
  totalCents: w('Total', 'Ukupno'),
  jir: w('JIR', 'JIR'),
  zki: w('ZKI', 'ZKI'),
  contractEnd: w('Contract end', 'Kraj ugovora'),
  issuedAt: w('Issued', 'Izdano'),
  at: w('Time', 'Vrijeme'),
};

/** The stored words of a filter's fixed set, by the data set and filter (`EXPORT_WORDS`, the lists' own words). */
const filterWords: Record<string, keyof typeof EXPORT_WORDS> = {
  'devices.group': 'resources.devices.groups',
  'logistic-report.group': 'resources.devices.groups',
  'transactions.type': 'resources.transactions.types',
  'deposits.status': 'resources.deposits.statuses',
  'bills.kind': 'bills.kinds',
  'bills.payment': 'bills.payments',
  'bills.status': 'bills.statuses',
  'loyalty-cards.status': 'resources.loyalty-cards.statuses',
  'loyalty-report-cards.status': 'resources.loyalty-cards.statuses',
  'loyalty-report-holders.status': 'resources.loyalty-cards.statuses',
  'card-transactions.kind': 'resources.card-transactions.kinds',
  'top-ups.payment': 'resources.top-ups.payments',
  'repositories.type': 'resources.repositories.types',
  'lessors.rentalType': 'resources.lessors.rentalTypes',
};

/** Filters whose value is a text searched for (`partial`): written `contains “…”`. */
const partialFilters = new Set(['name', 'uid', 'number', 'supplier']);
/** A report's params that are not filters: its subject, period and month are its title and period line; its order is not what it holds. */
const notFilters = new Set(['subject', 'from', 'to', 'period', 'compareFrom', 'compareTo', 'month']);

/**
 * The name of each resource a filter may point at (`/api/v2/<resource>/<id>`), read within the
 * companies the reader may see: an id from elsewhere stays an id.
 */
const names: Record<string, { table: string; name: string; scoped: boolean }> = {
  companies: { table: 'companies', name: `name || ', OIB ' || oib`, scoped: false },
  devices: { table: 'devices', name: 'name', scoped: true },
  locations: { table: 'locations', name: 'name', scoped: true },
  lessors: { table: 'lessors', name: 'name', scoped: true },
  cities: { table: 'cities', name: 'name', scoped: false },
  users: { table: 'users', name: `name || ' ' || surname`, scoped: true },
  tags: { table: 'tags', name: 'name', scoped: true },
  loggers: { table: 'loggers', name: 'imei', scoped: true },
  'loyalty-owners': { table: 'loyalty_owners', name: 'name', scoped: true },
  'card-holders': { table: 'card_holders', name: `name || ' ' || surname`, scoped: true },
  'loyalty-cards': { table: 'loyalty_cards', name: 'number', scoped: true },
  'pos-locations': { table: 'pos_locations', name: 'name', scoped: true },
  'pos-workers': { table: 'pos_workers', name: `name || ' ' || surname`, scoped: true },
  repositories: { table: 'repositories', name: 'name', scoped: true },
};

const interpolate = (text: string, params: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? '');

/** The name of a resource by its IRI, if the reader may see it; else the IRI as it is. */
async function nameOf(db: Db, ctx: RequestContext, value: string): Promise<string> {
  const match = /^\/api\/v2\/([a-z-]+)\/(\d+)$/.exec(value);
  const source = match ? names[match[1] as string] : undefined;
  if (!match || !source) return value;
  const id = Number(match[2]);
  // Companies: the reader's own, their subsidiaries, or any for an admin (ctx.visible); other rows by their company.
  const scope =
    ctx.visible === null
      ? sql`true`
      : source.scoped
        ? sql`company_id = any(${`{${ctx.visible.join(',')}}`}::int[])`
        : source.table === 'companies'
          ? sql`id = any(${`{${ctx.visible.join(',')}}`}::int[])`
          : sql`true`;
  const result = await db.execute(sql`select ${sql.raw(source.name)} as name from ${sql.raw(source.table)} where id = ${id} and ${scope}`);
  const row = (result as unknown as { rows: { name: string }[] }).rows[0];
  return row ? row.name : value;
}

/** The day a range's bound names: `[after]`/`[before]` the day they fall on (Zagreb), `[strictly_before]` the day before. */
function boundDay(op: string, value: string): string | null {
  const isDay = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const ms = Date.parse(value);
  if (!isDay && Number.isNaN(ms)) return null;
  const before = op === 'strictly_before' || op === 'lt';
  if (isDay) return before ? addDays(value, -1) : op === 'strictly_after' || op === 'gt' ? addDays(value, 1) : value;
  return businessDate(new Date(before ? ms - 1 : ms));
}

/** `01.11.2026 – 30.11.2026`, `from 01.11.2026`, `until 30.11.2026`. */
function spanOf(from: string | null, to: string | null, lang: Language): string {
  if (from && to) return `${formatDate(from)} – ${formatDate(to)}`;
  if (from) return interpolate(words.from[lang], { day: formatDate(from) });
  if (to) return interpolate(words.until[lang], { day: formatDate(to) });
  return words.everyDate[lang];
}

/** The bounds of a range filter in a list's params (`at[after]`, `at[strictly_before]`…): its first and last day. */
function rangeOf(params: Record<string, unknown>, field: string): { from: string | null; to: string | null; keys: string[] } {
  // An amount's range (a bill's total) is not of days: its bounds are read where it is described.
  const dated = field !== 'totalCents';
  let from: string | null = null;
  let to: string | null = null;
  const keys: string[] = [];
  for (const [key, raw] of Object.entries(params)) {
    const m = /^(.+)\[(\w+)\]$/.exec(key);
    if (!m || m[1] !== field || typeof raw !== 'string') continue;
    const op = m[2] as string;
    const day = dated ? boundDay(op, raw) : raw;
    if (!day) continue;
    keys.push(key);
    if (op === 'after' || op === 'strictly_after' || op === 'gte' || op === 'gt') from = day;
    else to = day;
  }
  return { from, to, keys };
}

/** A filter's value in words: a name for an IRI, a word for a stored word, yes/no, euros, a searched text. */
async function filterValue(db: Db, ctx: RequestContext, kind: string, key: string, raw: unknown, lang: Language): Promise<string> {
  const values = Array.isArray(raw) ? raw.map(String) : [String(raw)];
  const set = filterWords[`${kind}.${key}`];
  const each = await Promise.all(
    values.map(async (value) => {
      if (value.startsWith('/api/v2/')) return nameOf(db, ctx, value);
      if (set) return EXPORT_WORDS[set]?.[value]?.[lang] ?? value;
      if (value === 'true') return words.yes[lang];
      if (value === 'false') return words.no[lang];
      if (partialFilters.has(key)) return interpolate(words.contains[lang], { text: value });
      return value;
    }),
  );
  return each.join(', ');
}

/** A list's range filter (contract `exportRangeField` and the other `range` filters): their fields. */
const rangeFields = ['at', 'issuedAt', 'contractEnd', 'totalCents'];

/** What an export is of: its data set, its filters and range, whose it is. */
interface ExportSubject {
  kind: ExportKind;
  /** A report (its range is `from`, `to`), or a list (its range is its date filter). */
  report: boolean;
  params: Record<string, unknown>;
  title: string;
  /** The export's owner and view (the reader may be an admin reading another user's). */
  userId: number;
  companyId: number | null;
  view: 'mine' | 'all';
  period?: string | null;
  /** The report's range as it resolved it (defaults applied), else the params'. */
  from?: string | null;
  to?: string | null;
}

/**
 * Describes an export: its company, its title, its period and every filter in the reader's words,
 * who asked for it. `title` is the data set's own (the builder's, or the list's); `period` the report's
 * granularity when it has one.
 */
export async function describeExport(db: Db, ctx: RequestContext, input: ExportSubject, lang: Language): Promise<ExportAbout> {
  const people = await db.execute(sql`
    select (select name || ' ' || surname from users where id = ${input.userId}) as user_name,
      (select name from companies where id = ${input.companyId}) as company_name,
      (select oib from companies where id = ${input.companyId}) as company_oib`);
  const p = (people as unknown as { rows: { user_name: string | null; company_name: string | null; company_oib: string | null }[] })
    .rows[0];
  const own = p?.company_name ? `${p.company_name}, ${words.oib[lang]} ${p.company_oib}` : null;
  const company = !own
    ? words.allCompanies[lang]
    : input.view === 'all'
      ? interpolate(words.withSubsidiaries[lang], { company: own })
      : own;

  const params = input.params;
  const filters: ExportAbout['filters'] = [];
  let period: string;
  const handled = new Set<string>();
  if (input.report) {
    const from = input.from ?? (params.from as string | undefined) ?? null;
    const to = input.to ?? (params.to as string | undefined) ?? null;
    period = spanOf(from, to, lang);
    if (typeof params.compareFrom === 'string' && typeof params.compareTo === 'string')
      period += ` ${words.comparedWith[lang]} ${spanOf(params.compareFrom, params.compareTo, lang)}`;
    const granularity = input.period ?? (typeof params.period === 'string' ? params.period : null);
    if (granularity && periodWords[granularity]) period += ` · ${periodWords[granularity][lang]}`;
    for (const key of notFilters) handled.add(key);
  } else {
    // A list: its first range filter with dates is its period; other ranges are filters.
    const dated = ['at', 'issuedAt'].map((f) => ({ f, r: rangeOf(params, f) })).find(({ r }) => r.keys.length > 0);
    period = dated ? spanOf(dated.r.from, dated.r.to, lang) : words.everyDate[lang];
    for (const key of dated?.r.keys ?? []) handled.add(key);
    for (const field of rangeFields) {
      const r = rangeOf(params, field);
      if (r.keys.length === 0 || r.keys.every((k) => handled.has(k))) continue;
      for (const key of r.keys) handled.add(key);
      const label = filterLabels[field]?.[lang] ?? field;
      if (field === 'totalCents') {
        const bound = (op: string) => {
          const key = r.keys.find((k) => k.includes(`[${op}`));
          return key ? formatMoney(Math.round(Number(params[key]))) : null;
        };
        const lo = bound('after') ?? bound('gt') ?? bound('strictly_after');
        const hi = bound('before') ?? bound('lt') ?? bound('strictly_before');
        filters.push({ label, value: `${lo ?? '…'} – ${hi ?? '…'}` });
      } else filters.push({ label, value: spanOf(r.from, r.to, lang) });
    }
  }
  const rank = (key: string) => {
    const at = Object.keys(filterLabels).indexOf(key.replace(/\[\]$/, ''));
    return at < 0 ? Number.MAX_SAFE_INTEGER : at;
  };
  const keys = Object.entries(params).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  for (const [key, raw] of keys) {
    if (handled.has(key) || key.startsWith('order[') || raw === undefined || raw === null || raw === '') continue;
    const name = key.replace(/\[\]$/, '');
    filters.push({ label: filterLabels[name]?.[lang] ?? name, value: await filterValue(db, ctx, input.kind, name, raw, lang) });
  }
  return { company, report: input.title, period, filters, madeBy: p?.user_name ?? '' };
}

/** The company an export is of: none for an admin's All Companies view (as `exports.company_id`). */
export const exportCompanyOf = (ctx: RequestContext): number | null =>
  ctx.actor.role === 'admin' && ctx.view === 'all' ? null : ctx.actor.companyId;

/** Describes the export a builder is making: the caller's own, in their language. */
export function describeBuild(
  db: Db,
  ctx: RequestContext,
  input: Omit<ExportSubject, 'userId' | 'companyId' | 'view'>,
): Promise<ExportAbout> {
  return describeExport(db, ctx, { ...input, userId: ctx.actor.userId, companyId: exportCompanyOf(ctx), view: ctx.view }, ctx.lang);
}

/**
 * The lines a file starts with (docs/api.md): always five, `label` and `value`, whatever the filters
 * (all on one line), so a program skips a fixed number of lines before the header row.
 */
export function aboutLines(about: ExportAbout, lang: Language, madeAt: Date): [string, string][] {
  return [
    [words.company[lang], about.company],
    [words.report[lang], about.report],
    [words.period[lang], about.period],
    [words.filters[lang], filtersText(about, lang)],
    [words.made[lang], interpolate(words.madeAt[lang], { at: formatDateTime(madeAt), name: about.madeBy })],
  ];
}

/** Every filter on one line (`Location: Riva — caffe bar · Type: Coin`), or that there is none. */
export function filtersText(about: ExportAbout, lang: Language): string {
  return about.filters.length === 0 ? words.none[lang] : about.filters.map((f) => `${f.label}: ${f.value}`).join(' · ');
}

/**
 * A file's name: its title in the reader's language, `filtered` when it has filters, then the days it
 * covers (a report) or the Zagreb day it was made (a list), in ASCII letters (`uredaji-filtrirano-2026-12-06.csv`).
 */
export function exportFileName(
  title: string,
  about: ExportAbout,
  lang: Language,
  format: string,
  days: { from: string; to: string } | { madeAt: Date },
): string {
  const dated = 'madeAt' in days ? businessDate(days.madeAt) : `${days.from} ${days.to}`;
  const stem = asciiFileStem(`${title}${about.filters.length > 0 ? ` ${words.filtered[lang]}` : ''} ${dated}`);
  return `${stem}.${format}`;
}
