import type { BillComparison, ImportPreview, ImportRecord, Problem, RevenueReport, Transaction } from '@kovanica/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bills, companies, deviceDaily, devices, imports, telemetryEvents } from '../../db/schema/index.ts';
import { type DemoUser, testApp } from '../../testing/app.ts';
import { createDevice, createDeviceWithLogger } from '../../testing/fixtures.ts';
import { eventTime, historySeq } from './imports.transactions.ts';

// Historical transactions through `POST /imports` (decision 0027 amended): checked as
// telemetry events, written through the ingestion without bills, idempotent by their own ids.
const t = await testApp();
const [zabavni] = await t.db.select().from(companies).where(eq(companies.name, 'Zabavni automati d.o.o.'));
const [drugi] = await t.db.select().from(companies).where(eq(companies.oib, '98765432198'));
const companyId = zabavni?.id ?? 0;
// The other company imports too (the transfer module on).
await t.db
  .update(companies)
  .set({ activeModules: [...(drugi?.activeModules ?? []), 'transfer'] })
  .where(eq(companies.id, drugi?.id ?? 0));
const { device, logger } = await createDeviceWithLogger(t, { name: 'Povijest Flipper', fiscalize: 'on', tokenValueCents: 100 });
await createDevice(t, { name: 'Povijest Bez loggera' });
const deviceIri = `/api/v2/devices/${device.id}`;

const post = <T>(content: string, confirm: boolean, extra: { lang?: string; user?: DemoUser; company?: string } = {}) =>
  t.json<T>(extra.user ?? 'manager', {
    method: 'POST',
    url: '/api/v2/imports',
    headers: extra.lang ? { 'accept-language': extra.lang } : {},
    payload: { kind: 'transactions', fileName: 'povijest.csv', content, confirm, ...(extra.company ? { company: extra.company } : {}) },
  });

const errorsOf = (preview: ImportPreview) =>
  Object.fromEntries(preview.rows.map((r) => [r.line, r.errors.map((e) => `${e.field}:${e.code}`)]));

// Croatian headers and words; Zagreb local times (winter: UTC+1) and ISO; the device by name and by IMEI.
const validFile = [
  'id transakcije;vrijeme;uređaj;vrsta;iznos;količina',
  `T-1;03.11.2025 10:15;Povijest Flipper;kovanica;4,00;2`,
  `T-2;03.11.2025 10:20;Povijest Flipper;novčanica;10,00;1`,
  `T-3;2025-11-03T23:30:00Z;${logger.imei};žeton;;3`,
  `1004;04.11.2025 08:00;povijest flipper;cashless;2,50;`,
  `T-5;04.11.2025 09:00;Povijest Flipper;nagrada;;1`,
].join('\n');

const counts = async () => {
  const [events] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(telemetryEvents)
    .where(eq(telemetryEvents.deviceId, device.id));
  const [daily] = await t.db
    .select({ n: sql<number>`count(*)::int`, cents: sql<number>`coalesce(sum(coins_cents + notes_cents + cashless_cents), 0)::int` })
    .from(deviceDaily)
    .where(eq(deviceDaily.deviceId, device.id));
  const [billed] = await t.db.select({ n: sql<number>`count(*)::int` }).from(bills).where(eq(bills.deviceId, device.id));
  const [records] = await t.db.select({ n: sql<number>`count(*)::int` }).from(imports).where(eq(imports.kind, 'transactions'));
  return { events: events?.n, daily: daily?.n, cents: daily?.cents, bills: billed?.n, imports: records?.n };
};

describe('historical transactions import', () => {
  it('reads times as Zagreb local time or ISO, and maps ids into the history seqs', () => {
    expect(eventTime('03.11.2025 10:15')).toBe('2025-11-03T09:15:00.000Z');
    expect(eventTime('21.07.2025 10:15')).toBe('2025-07-21T08:15:00.000Z');
    expect(eventTime('2025-07-21T10:15:00')).toBe('2025-07-21T08:15:00.000Z');
    expect(eventTime('2025-07-21T10:15:00Z')).toBe('2025-07-21T10:15:00Z');
    expect(historySeq('1004')).toBe(2 ** 52 + 1004);
    expect(historySeq('T-1')).toBe(historySeq('T-1'));
    expect(historySeq('T-1')).toBeGreaterThanOrEqual(2 ** 52 + 2 ** 51);
    expect(historySeq('T-1')).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
  });

  it('previews every row and writes nothing', async () => {
    const before = await counts();
    const preview = await post<ImportPreview>(validFile, false);
    expect(preview.status).toBe(200);
    expect(preview.body.columns).toEqual(['id', 'time', 'device', 'type', 'amount', 'count']);
    expect(errorsOf(preview.body)).toEqual({ 2: [], 3: [], 4: [], 5: [], 6: [] });
    expect(await counts()).toEqual(before);
  });

  it('writes the events through the ingestion: the list and revenue show them, no bills are issued', async () => {
    const done = await post<ImportRecord>(validFile, true);
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({ kind: 'transactions', status: 'done', rowsRead: 5, rowsWritten: 5, rowsRefused: 0 });
    const after = await counts();
    expect(after).toMatchObject({ events: 5, bills: 0, cents: 400 + 1000 + 250 });

    const list = await t.json<{ member: Transaction[] }>('manager', {
      url: `/api/v2/transactions?device=${encodeURIComponent(deviceIri)}&order[at]=asc`,
    });
    expect(list.status).toBe(200);
    expect(list.body.member.map((r) => [r.type, r.at, r.amountCents, r.count])).toEqual([
      ['coin', '2025-11-03T09:15:00.000Z', 400, 2],
      ['note', '2025-11-03T09:20:00.000Z', 1000, 1],
      ['token', '2025-11-03T23:30:00.000Z', 300, 3],
      ['cashless', '2025-11-04T07:00:00.000Z', 250, 1],
      ['prize_out', '2025-11-04T08:00:00.000Z', 0, 1],
    ]);
    // 23:30 UTC is already 4 November in Zagreb: the token play counts toward that business day.
    const revenue = await t.json<RevenueReport>('manager', {
      url: `/api/v2/revenue?from=2025-11-03&to=2025-11-03&device=${encodeURIComponent(deviceIri)}`,
    });
    expect(revenue.status).toBe(200);
    expect(revenue.body.totals).toMatchObject({ coinsCents: 400, notesCents: 1000, tokensCents: 0 });
    const next = await t.json<RevenueReport>('manager', {
      url: `/api/v2/revenue?from=2025-11-04&to=2025-11-04&device=${encodeURIComponent(deviceIri)}`,
    });
    expect(next.body.totals).toMatchObject({ cashlessCents: 250, tokensCents: 300 });
    // The logger's own last seq leaves imported history out: its next batch is not mistaken for a gap.
    const [own] = await t.db
      .select({ last: sql<number | null>`max(seq) filter (where seq < ${2 ** 52}::bigint)` })
      .from(telemetryEvents)
      .where(eq(telemetryEvents.loggerId, logger.id));
    expect(own?.last ?? null).toBeNull();
    // Nor does the transactions-vs-bills comparison ask bills of them: the other system issued those.
    const comparison = await t.json<BillComparison>('manager', {
      url: `/api/v2/bill-comparison?from=2025-11-03&to=2025-11-04&device=${encodeURIComponent(deviceIri)}`,
    });
    expect(comparison.status).toBe(200);
    expect(comparison.body.totals).toMatchObject({ payments: 0, unbilled: 0 });
  });

  it('writes nothing new when the same file is imported again', async () => {
    const before = await counts();
    const again = await post<ImportRecord>(validFile, true);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ status: 'done', rowsRead: 5, rowsWritten: 0 });
    const after = await counts();
    expect({ ...after, imports: before.imports }).toEqual(before);
    expect(after.imports).toBe((before.imports ?? 0) + 1);
  });

  it('refuses unknown devices, bad types, bad times and amounts, in both languages', async () => {
    const file = [
      'id;time;device;type;amount;count',
      'R-1;03.11.2025 10:15;Nepostojeći;coin;1,00;1',
      'R-2;03.11.2025 10:15;Povijest Flipper;bitcoin;1,00;1',
      'R-3;31.02.2025 10:15;Povijest Flipper;coin;1,00;1',
      'R-4;jučer;Povijest Flipper;coin;1,00;1',
      'R-5;03.11.2025 10:15;Povijest Bez loggera;coin;1,00;1',
      'R-6;03.11.2025 10:15;Povijest Flipper;coin;1,00;3',
      'R-7;01.01.2099 10:15;Povijest Flipper;coin;1,00;1',
      'R-8;03.11.2025 10:15;Povijest Flipper;alarm;;',
      'R-9;03.11.2025 10:15;Povijest Flipper;coin;;1',
      'R-9;03.11.2025 10:16;Povijest Flipper;card;1,00;',
      ';03.11.2025 10:15;Povijest Flipper;coin;1,00;1',
    ].join('\n');
    const before = await counts();
    const en = await post<ImportPreview>(file, false);
    expect(en.status).toBe(200);
    expect(errorsOf(en.body)).toEqual({
      2: ['device:device_unknown'],
      3: ['type:choice'],
      4: ['time:format'],
      5: ['time:format'],
      6: ['device:device_no_logger'],
      7: ['amount:amount_per_count'],
      8: ['time:in_future'],
      9: ['type:choice'],
      10: ['amount:required', 'id:duplicate_in_file'],
      11: ['card:required', 'id:duplicate_in_file'],
      12: ['id:required'],
    });
    const hr = await post<ImportPreview>(file, false, { lang: 'hr' });
    const message = (p: ImportPreview, line: number) => p.rows.find((r) => r.line === line)?.errors[0]?.message;
    expect(message(en.body, 2)).toBe('The company has no device named "Nepostojeći", nor one whose logger has that IMEI or serial number.');
    expect(message(hr.body, 2)).toBe('Tvrtka nema uređaj imena "Nepostojeći" niti uređaj čiji logger ima taj IMEI ili serijski broj.');
    expect(message(hr.body, 8)).toBe('Vrijeme ne smije biti u budućnosti.');
    expect(message(hr.body, 6)).toContain('nema logger');
    // Confirmed, the refused rows are recorded and nothing is written (no valid row).
    const done = await post<ImportRecord>(file, true, { lang: 'hr' });
    expect(done.body).toMatchObject({ rowsWritten: 0, rowsRefused: 11 });
    expect(await counts()).toMatchObject({ events: before.events, daily: before.daily, bills: 0 });
    // A file without the required columns is a 422 in the caller's language.
    const missing = await post<Problem>('id;vrijeme\n1;03.11.2025 10:15\n', false, { lang: 'hr' });
    expect(missing.status).toBe(422);
  });

  it('lets managers and admins import; accountants and workers not; a manager only into their company', async () => {
    const small = 'id;time;device;type;amount\nP-1;03.11.2025 11:00;Povijest Flipper;coin;1,00\n';
    expect((await post(small, false, { user: 'admin' })).status).toBe(200);
    expect((await post(small, false, { user: 'accountant' })).status).toBe(403);
    expect((await post(small, false, { user: 'worker' })).status).toBe(403);
    const foreign = await post<Problem>(small, false, { user: 'otherManager', company: `/api/v2/companies/${companyId}` });
    expect(foreign.status).toBe(422);
    // Another company's manager does not find this company's device by its name.
    const own = await post<ImportPreview>(small, false, { user: 'otherManager' });
    expect(own.status).toBe(200);
    expect(errorsOf(own.body)).toEqual({ 2: ['device:device_unknown'] });
    const [still] = await t.db.select({ id: devices.id }).from(devices).where(eq(devices.id, device.id));
    expect(still?.id).toBe(device.id);
  });
});
