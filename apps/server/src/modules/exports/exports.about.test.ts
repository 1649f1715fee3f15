import { type Collection, type ExportItem, type FinanceReport, formatDateTime, type Problem } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildContext, loadActor } from '../../core/context.ts';
import { testApp } from '../../testing/app.ts';
import { createDeviceWithLogger, createLocation, releaseHeld, sendEvents, standsSince } from '../../testing/fixtures.ts';
import { memorySink } from './exports.files.ts';
import { buildListExport } from './exports.lists.ts';
import { ExportSweep } from './exports.service.ts';
import { aboutValue, csvFields, readCsv, readXlsx } from './exports.testing.ts';

/**
 * Files that say what they hold (decision 0042, docs/api.md "Exports: what a file says it holds"):
 * the company, the report, the period, every filter by name, who made it when (Zagreb); the file's
 * name by the Zagreb day; totals that sum only what adds up (revenue without test plays).
 */
const t = await testApp();
const sweep = new ExportSweep(t.db, () => {}, t.app.lists);
const riva = await createLocation(t, { fiscalization: false, name: 'Riva — caffe bar' });
const { device, logger } = await createDeviceWithLogger(t, { location: riva['@id'], name: 'Riva automat', tokenValueCents: 100 });
await standsSince(t, [device], new Date('2025-01-01T00:00:00Z'));
// October 2025 at the Riva: revenue 37 € of coins, a 50 € note, 3 tokens (1 € each), 20,50 € cashless
// = 110,50 €; a free ride and 5 prizes (no money); two test coins (2 €) in service mode: not revenue.
await sendEvents(t, logger, [
  { seq: 1, at: '2025-10-10T09:00:00Z', type: 'coin', valueCents: 100, count: 37 },
  { seq: 2, at: '2025-10-10T09:10:00Z', type: 'note', valueCents: 5000, count: 1 },
  { seq: 3, at: '2025-10-10T09:20:00Z', type: 'token', count: 3 },
  { seq: 4, at: '2025-10-10T09:30:00Z', type: 'cashless', valueCents: 2050 },
  { seq: 5, at: '2025-10-10T09:40:00Z', type: 'free_ride' },
  { seq: 6, at: '2025-10-10T09:50:00Z', type: 'prize_out', count: 5 },
  { seq: 7, at: '2025-10-10T10:00:00Z', type: 'service_mode', on: true },
  { seq: 8, at: '2025-10-10T10:01:00Z', type: 'coin', valueCents: 100, count: 2 },
  { seq: 9, at: '2025-10-10T10:02:00Z', type: 'service_mode', on: false },
]);
await releaseHeld(t, logger);

const october = { 'at[after]': '2025-09-30T22:00:00Z', 'at[strictly_before]': '2025-10-31T23:00:00Z' };
const manager = async (lang: 'en' | 'hr' = 'en') => {
  const actor = await loadActor(t.db, 2);
  if (!actor) throw new Error('no manager');
  return buildContext(actor, lang, false);
};
const managerName = async () =>
  ((await t.db.execute(sql`select name || ' ' || surname as n from users where id = 2`)) as unknown as { rows: { n: string }[] }).rows[0]
    ?.n;
const company = async () => (await t.json<{ name: string; oib: string }>('admin', { url: '/api/v2/companies/1' })).body;

const ask = (body: unknown, headers: Record<string, string> = {}) =>
  t.json<ExportItem & Partial<Omit<Problem, 'status'>>>('manager', {
    method: 'POST',
    url: '/api/v2/exports',
    payload: body as Record<string, unknown>,
    headers,
  });
/** Asks, builds, downloads: the export as the list shows it, its file's name and bytes. */
async function exported(body: unknown, headers: Record<string, string> = {}) {
  const asked = await ask(body, headers);
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  await sweep.sweep();
  const item = (await t.json<ExportItem>('manager', { url: asked.body['@id'], headers })).body;
  expect(item.status, JSON.stringify(item)).toBe('done');
  const file = await t.as('manager', { url: item.file as string });
  return { item, bytes: file.rawPayload, disposition: String(file.headers['content-disposition']) };
}

describe('a file says what it holds', () => {
  it('a CSV of one location’s transactions: company and OIB, list, period, the filter by name, who and when; then the header row', async () => {
    const { item, bytes } = await exported({ kind: 'transactions', format: 'csv', params: { location: riva['@id'], ...october } });
    const { about, lines } = readCsv(bytes);
    const { name, oib } = await company();
    expect(about).toEqual([
      ['Company', `${name}, OIB ${oib}`],
      ['Report', 'Transactions'],
      ['Period', '01.10.2025 – 31.10.2025'],
      ['Filters', 'Location: Riva — caffe bar'],
      ['Made', `${formatDateTime(item.createdAt)} (Zagreb time) by ${await managerName()}`],
    ]);
    expect(lines[0]).toBe('Time;Device;Location;Type;Amount;Count;Test play;Sequence number');
    // The list's entry says the same, in the reader's words.
    expect(item.about).toEqual({
      company: `${name}, OIB ${oib}`,
      report: 'Transactions',
      period: '01.10.2025 – 31.10.2025',
      filters: [{ label: 'Location', value: 'Riva — caffe bar' }],
      madeBy: await managerName(),
    });
  });

  it('every filter with its label and value, in Croatian; a filtered file is named so, a full one is not', async () => {
    const params = { location: riva['@id'], device: device['@id'], type: 'coin', test: 'false', ...october };
    const filtered = await exported({ kind: 'transactions', format: 'xlsx', params }, { 'accept-language': 'hr' });
    expect(filtered.item.about.filters).toEqual([
      { label: 'Lokacija', value: 'Riva — caffe bar' },
      { label: 'Uređaj', value: 'Riva automat' },
      { label: 'Vrsta', value: 'Kovanica' },
      { label: 'Testna igra', value: 'Ne' },
    ]);
    const { about } = await readXlsx(filtered.bytes);
    expect(aboutValue(about, 'Filtri')).toBe('Lokacija: Riva — caffe bar · Uređaj: Riva automat · Vrsta: Kovanica · Testna igra: Ne');
    expect(aboutValue(about, 'Razdoblje')).toBe('01.10.2025 – 31.10.2025');
    expect(filtered.item.fileName).toMatch(/^transakcije-filtrirano-\d{4}-\d\d-\d\d\.xlsx$/);

    const full = await exported({ kind: 'transactions', format: 'csv', params: {} });
    expect(full.item.about.filters).toEqual([]);
    expect(aboutValue(readCsv(full.bytes).about, 'Filters')).toBe('None: every row');
    expect(aboutValue(readCsv(full.bytes).about, 'Period')).toBe('Every date');
    expect(full.item.fileName).toMatch(/^transactions-\d{4}-\d\d-\d\d\.csv$/);
    expect(full.disposition).toContain(`filename="${full.item.fileName}"`);

    // The exports list names them the same way.
    const list = (await t.json<Collection<ExportItem>>('manager', { url: '/api/v2/exports', headers: { 'accept-language': 'hr' } })).body;
    const entry = list.member.find((e) => e.id === filtered.item.id);
    expect(entry?.about.filters.map((f) => `${f.label}: ${f.value}`)).toContain('Lokacija: Riva — caffe bar');
    expect(entry?.about.report).toBe('Transakcije');
  });

  it('a report’s filter by name in the list of exports and its file (a report of the Riva)', async () => {
    const params = { subject: 'device', from: '2025-10-01', to: '2025-10-31', period: 'day', location: riva['@id'] };
    const { item, bytes } = await exported({ kind: 'finance-report', format: 'csv', params }, { 'accept-language': 'hr' });
    expect(item.about).toMatchObject({
      report: 'Financijski izvještaj po uređajima',
      period: '01.10.2025 – 31.10.2025 · Po danu',
      filters: [{ label: 'Lokacija', value: 'Riva — caffe bar' }],
    });
    expect(aboutValue(readCsv(bytes).about, 'Filtri')).toBe('Lokacija: Riva — caffe bar');
    expect(item.fileName).toBe('financijski-izvjestaj-po-uredajima-filtrirano-2025-10-01-2025-10-31.csv');
  });
});

describe('named by the Zagreb day it was made', () => {
  const source = () => {
    const s = t.app.lists.get('transactions');
    if (!s) throw new Error('no transactions list');
    return s;
  };
  it.each([
    // 00:01 in Zagreb on 6 December (UTC+1) is still 5 December in UTC.
    ['2026-12-05T23:01:00Z', 'en', 'transactions-filtered-2026-12-06.csv', '06.12.2026 00:01'],
    ['2026-12-05T23:01:00Z', 'hr', 'transakcije-filtrirano-2026-12-06.csv', '06.12.2026 00:01'],
    // In summer (UTC+2), 00:01 on 6 July is 22:01 UTC on the 5th.
    ['2026-07-05T22:01:00Z', 'hr', 'transakcije-filtrirano-2026-07-06.csv', '06.07.2026 00:01'],
    // A minute before midnight in Zagreb: still the 5th.
    ['2026-12-05T22:59:00Z', 'en', 'transactions-filtered-2026-12-05.csv', '05.12.2026 23:59'],
  ] as const)('made at %s (%s): %s', async (now, lang, name, made) => {
    const sink = memorySink();
    const file = await buildListExport(
      t.db,
      await manager(lang),
      'transactions',
      source(),
      { location: riva['@id'] },
      'csv',
      sink,
      async () => {},
      { now: new Date(now) },
    );
    expect(file.fileName).toBe(name);
    const { about } = readCsv(sink.bytes());
    expect(about[4]?.[1].startsWith(`${made} `)).toBe(true);
  });
});

describe('totals sum only what adds up', () => {
  it('transactions: revenue without test plays (the finance report’s gross), a line per type, test plays apart; no sum of coins, prizes and free rides', async () => {
    const { item, bytes } = await exported({ kind: 'transactions', format: 'csv', params: { location: riva['@id'], ...october } });
    const { lines } = readCsv(bytes);
    const rows = lines.slice(1, 1 + (item.rows ?? 0)).map(csvFields);
    const totals = lines.slice(1 + (item.rows ?? 0));
    expect(rows.length).toBe(7);
    const finance = (
      await t.json<FinanceReport>('manager', {
        url: `/api/v2/finance-report?subject=location&from=2025-10-01&to=2025-10-31&location=${encodeURIComponent(riva['@id'])}`,
      })
    ).body;
    // The revenue by hand: 37 + 50 + 3 + 20,50 = 110,50 €; the report's gross is the same.
    expect(finance.totals.grossCents).toBe(11_050);
    expect(totals).toEqual([
      'Revenue (without test plays);;;;110,50;;;',
      'Total: Coin;;;;37,00;37;;',
      'Total: Banknote;;;;50,00;1;;',
      'Total: Token;;;;3,00;3;;',
      `Total: Cashless;;;;20,50;${rows.find((r) => r[3] === 'Cashless')?.[5]};;`,
      `Total: Free ride;;;;;${rows.find((r) => r[3] === 'Free ride')?.[5]};;`,
      'Total: Prize out;;;;;5;;',
      'Test plays (not revenue);;;;2,00;;;',
    ]);
    // Every row's amount summed would be 112,50 €: the test plays' 2 € are in the file, not in its revenue.
    const all = rows.reduce((sum, r) => sum + Math.round(Number((r[4] ?? '0').replace(',', '.')) * 100), 0);
    expect(all).toBe(11_250);
  });
});
