import { type ExportItem, type FinanceReport, type FinanceRow, formatDateTime, formatMoney, type Problem } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildContext, loadActor } from '../../core/context.ts';
import { type TestApp, testApp } from '../../testing/app.ts';
import { createDeviceWithLogger, createLessor, createLocation, releaseHeld, sendEvents, standsSince } from '../../testing/fixtures.ts';
import { barChartSvg, memorySink } from './exports.files.ts';
import { buildFinanceExport } from './exports.finance.ts';
import { ExportSweep } from './exports.service.ts';
import { aboutValue, readCsv, readPdfText, readXlsx } from './exports.testing.ts';

/**
 * Exports of the finance report (decision 0021): asked for over the API, built by the sweep
 * the job queue runs, read back (CSV as text, XLSX with exceljs) and compared with the report's JSON.
 */
const t = await testApp();
const sweep = new ExportSweep(t.db);
const lessor = await createLessor(t, { rentalType: 'percentage', rentalPercentage: 10 });
// A name a spreadsheet would take for a formula, and one with the separator and a quote.
const a = await createLocation(t, { lessor: lessor['@id'], fiscalization: false, name: '=Riva "Export"; A' });
const b = await createLocation(t, { lessor: lessor['@id'], fiscalization: false, name: 'Export Čakovec' });
const d1 = await createDeviceWithLogger(t, { location: a['@id'] });
const d2 = await createDeviceWithLogger(t, { location: b['@id'] });
// Both devices stood where they stand since 2025 (the fixtures place them from today).
await standsSince(t, [d1.device, d2.device], new Date('2025-01-01T00:00:00Z'));
await sendEvents(t, d1.logger, [
  { seq: 1, at: '2025-10-10T09:00:00Z', type: 'coin', valueCents: 100, count: 37 },
  { seq: 2, at: '2025-10-10T10:00:00Z', type: 'cashless', valueCents: 2050 },
  { seq: 3, at: '2025-11-05T09:00:00Z', type: 'token', count: 3 },
]);
await sendEvents(t, d2.logger, [
  { seq: 1, at: '2025-10-03T12:00:00Z', type: 'note', valueCents: 5000, count: 3 },
  { seq: 2, at: '2025-11-20T12:00:00Z', type: 'coin', valueCents: 200, count: 11 },
]);
// Notes by the dozen at once are more than a machine takes (docs/rules.md, "Plausibility"): released by hand.
await releaseHeld(t, d2.logger);

const params = { subject: 'location', from: '2025-10-01', to: '2025-11-30', period: 'month', lessor: lessor['@id'] } as const;
const query = new URLSearchParams(params).toString();

const ask = (user: string, body: unknown, headers: Record<string, string> = {}) =>
  t.json<ExportItem & Partial<Omit<Problem, 'status'>>>(user, {
    method: 'POST',
    url: '/api/v2/exports',
    payload: body as Record<string, unknown>,
    headers,
  });
const built = async (t2: TestApp, user: string, id: string) => (await t2.json<ExportItem>(user, { url: id })).body;
const count = async () =>
  Number(((await t.db.execute(sql`select count(*) as n from exports`)) as unknown as { rows: { n: number }[] }).rows[0]?.n);

async function exported(
  user: string,
  format: 'csv' | 'xlsx' | 'pdf',
  body = params as Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const asked = await ask(user, { kind: 'finance-report', format, params: body }, headers);
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  expect(asked.body).toMatchObject({ status: 'queued', progress: 0, file: null, format });
  expect(asked.headers.location).toBe(asked.body['@id']);
  // Nothing is built until the sweep runs: the file is not there yet.
  const early = await t.json<Problem>(user, { url: `${asked.body['@id']}/file` });
  expect(early.status).toBe(409);
  expect((await sweep.sweep()).built).toBeGreaterThanOrEqual(1);
  const done = await built(t, user, asked.body['@id']);
  expect(done).toMatchObject({ status: 'done', progress: 100, error: null, file: `${asked.body['@id']}/file` });
  const file = await t.as(user, { url: done.file as string });
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="[a-z0-9-]+\\.${format}"`));
  expect(done.size).toBe(file.rawPayload.length);
  return { item: done, file };
}

const report = async (user = 'manager', q = query) => {
  const res = await t.json<FinanceReport>(user, { url: `/api/v2/finance-report?${q}&itemsPerPage=200` });
  expect(res.status).toBe(200);
  return res.body;
};
const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

describe('the finance report as a file', () => {
  it('CSV: the same lines, figures and totals as the JSON report, as Croatian Excel opens it', async () => {
    const json = await report();
    expect(json.rows.length).toBe(4);
    const { item, file } = await exported('manager', 'csv');
    expect(item.rows).toBe(json.totalItems);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.rawPayload.toString('utf8').endsWith('\r\n')).toBe(true);
    const { about, lines: written } = readCsv(file.rawPayload);
    // What it holds, before the header row: the lessor filter by its name, not its id.
    expect(aboutValue(about, 'Report')).toBe('Finance report by location');
    expect(aboutValue(about, 'Period')).toBe('01.10.2025 – 30.11.2025 · Per month');
    expect(aboutValue(about, 'Filters')).toBe(`Lessor: ${lessor.name}`);
    const lines = [...written, ''];
    expect(lines[0]).toBe(
      "Period;From;To;Location;Gross revenue;Net revenue;VAT;VAT charged at sale;Rent;Operator's share;Plays;Coins;Banknotes;Cashless;Cards;Tokens (count);Tokens (value);Card bonus plays",
    );
    const body = lines.slice(1, -2);
    expect(body.length).toBe(json.rows.length);
    json.rows.forEach((row: FinanceRow, i) => {
      const name = row.name === a.name ? `"'=Riva ""Export""; A"` : row.name;
      const month = row.periodStart === '2025-10-01' ? 'October 2025' : 'November 2025';
      const [y, m, d] = row.periodEnd.split('-');
      expect(body[i]).toBe(
        [
          month,
          `01.${row.periodStart.slice(5, 7)}.2025`,
          `${d}.${m}.${y}`,
          name,
          ...[row.grossCents, row.netCents, row.vatCents, row.saleVatCents, row.rentCents, row.shareCents].map(euros),
          row.plays,
          ...[row.coinsCents, row.notesCents, row.cashlessCents, row.cardCents].map(euros),
          row.tokens,
          euros(row.tokensCents),
          euros(row.cardBonusCents),
        ].join(';'),
      );
    });
    const totals = lines.at(-2)?.split(';');
    expect(totals?.slice(0, 4)).toEqual(['Total', '01.10.2025', '30.11.2025', '']);
    expect(totals?.[4]).toBe(euros(json.totals.grossCents));
    expect(totals?.[9]).toBe(euros(json.totals.shareCents));
    // The figures by hand: 37 € + 20,50 € + 150 € in October, 3 tokens (1 € each) + 22 € in November.
    expect(json.totals.grossCents).toBe(3700 + 2050 + 15_000 + 300 + 2200);
  });

  it('XLSX: numbers in euros with their format, headers in the user’s language (Croatian), bold totals', async () => {
    const json = await report();
    const { file } = await exported('accountant', 'xlsx', params, { 'accept-language': 'hr' });
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const { sheet, about, header } = await readXlsx(file.rawPayload);
    expect(sheet.name).toBe('Financijski izvještaj');
    expect(about.map(([label]) => label)).toEqual(['Tvrtka', 'Izvještaj', 'Razdoblje', 'Filtri', 'Izrađeno']);
    expect(aboutValue(about, 'Razdoblje')).toBe('01.10.2025 – 30.11.2025 · Po mjesecu');
    expect(aboutValue(about, 'Filtri')).toBe(`Najmodavac: ${lessor.name}`);
    expect(sheet.getRow(header).getCell(1).value).toBe('Razdoblje');
    expect(sheet.getRow(header).getCell(4).value).toBe('Lokacija');
    expect(sheet.getRow(header).getCell(5).value).toBe('Bruto prihod');
    expect(sheet.getRow(header).getCell(8).value).toBe('PDV obračunat pri prodaji');
    expect(sheet.getRow(header).getCell(10).value).toBe('Udio operatera');
    expect(sheet.rowCount).toBe(header + json.rows.length + 1);
    json.rows.forEach((row, i) => {
      const cells = sheet.getRow(header + 1 + i);
      expect(cells.getCell(1).value).toBe(row.periodStart === '2025-10-01' ? 'listopad 2025.' : 'studeni 2025.');
      expect(cells.getCell(2).value).toEqual(new Date(`${row.periodStart}T00:00:00Z`));
      // A text cell is never a formula in XLSX: the name as it is.
      expect(cells.getCell(4).value).toBe(row.name);
      expect([5, 6, 7, 8, 9, 10].map((c) => cells.getCell(c).value)).toEqual(
        [row.grossCents, row.netCents, row.vatCents, row.saleVatCents, row.rentCents, row.shareCents].map((v) => v / 100),
      );
      expect(cells.getCell(11).value).toBe(row.plays);
      expect(cells.getCell(5).numFmt).toContain('0.00');
    });
    const totals = sheet.getRow(header + json.rows.length + 1);
    expect(totals.getCell(1).value).toBe('Ukupno');
    expect(totals.getCell(5).value).toBeCloseTo(json.totals.grossCents / 100, 6);
    expect(totals.getCell(9).value).toBeCloseTo(json.totals.rentCents / 100, 6);
    expect(totals.font?.bold).toBe(true);
  });

  it('PDF on the server, with the per-period chart; the company report (EBITDA) for an admin in All Companies', async () => {
    const { file } = await exported('manager', 'pdf');
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const all = await exported(
      'admin',
      'xlsx',
      { subject: 'company', from: '2025-10-01', to: '2025-11-30', period: 'month' },
      { 'x-kovanica-view': 'all' },
    );
    expect(all.item.company).toBeNull();
    const json = await t.json<FinanceReport>('admin', {
      url: '/api/v2/finance-report?subject=company&from=2025-10-01&to=2025-11-30&period=month&itemsPerPage=200',
      headers: { 'x-kovanica-view': 'all' },
    });
    expect(all.item.rows).toBe(json.body.totalItems);
    const { sheet, about, header: at } = await readXlsx(all.file.rawPayload);
    expect(aboutValue(about, 'Company')).toBe('All companies');
    const header = (sheet.getRow(at).values as unknown[]).slice(1);
    expect(header).toContain('EBITDA');
    const ebitda = header.indexOf('EBITDA') + 1;
    expect(sheet.getRow(at + json.body.rows.length + 1).getCell(ebitda).value).toBeCloseTo((json.body.totals.ebitdaCents ?? 0) / 100, 6);
  });

  it('the PDF says what it holds; the company PDF (EBITDA) shows every figure it subtracts from net revenue', async () => {
    const flat = (text: string) => text.replace(/\s+/g, ' ');
    const managerName = (
      (await t.db.execute(sql`select name || ' ' || surname as n from users where email = 'manager@zabavni.test'`)) as unknown as {
        rows: { n: string }[];
      }
    ).rows[0]?.n;
    const company = (await t.json<{ name: string; oib: string }>('admin', { url: '/api/v2/companies/1' })).body;
    const located = await exported('manager', 'pdf');
    const text = flat(await readPdfText(located.file.rawPayload));
    expect(text).toContain(`Company ${company.name}, OIB ${company.oib}`);
    expect(text).toContain('Report Finance report by location');
    expect(text).toContain('Period 01.10.2025 – 30.11.2025 · Per month');
    expect(text).toContain(`Filters Lessor: ${lessor.name}`);
    expect(text).toContain(`Made ${formatDateTime(located.item.createdAt)} (Zagreb time) by ${managerName}`);

    const body = { subject: 'company', from: '2025-10-01', to: '2025-11-30', period: 'month' };
    const json = await report('manager', new URLSearchParams(body).toString());
    const ebitda = await exported('manager', 'pdf', body, { 'accept-language': 'hr' });
    const hr = flat(await readPdfText(ebitda.file.rawPayload));
    expect(hr).toContain('Filtri Nema: svi retci');
    expect(hr).toContain(`Izrađeno ${formatDateTime(ebitda.item.createdAt)} (po zagrebačkom vremenu), ${managerName}`);
    // Net revenue and every figure EBITDA subtracts from it, each a column with its total.
    for (const label of ['Neto prihod', 'Najamnina', 'Održavanje', 'Operativni troškovi', 'Trošak nagrada', 'EBITDA'])
      expect(hr).toContain(label);
    const { totals } = json;
    for (const cents of [
      totals.netCents,
      totals.rentCents,
      totals.maintenanceCents ?? 0,
      totals.operationalCostsCents ?? 0,
      totals.ebitdaCents ?? 0,
    ])
      expect(hr).toContain(formatMoney(cents));
    expect(totals.ebitdaCents).toBe(
      totals.netCents -
        totals.rentCents -
        (totals.maintenanceCents ?? 0) -
        (totals.operationalCostsCents ?? 0) -
        (totals.prizeCostCents ?? 0),
    );
  });

  it('page by page: a page of one line at a time writes the same file, moving the progress with each page; a PDF over its limit is refused', async () => {
    const users = (await t.db.execute(sql`select id from users where email = 'manager@zabavni.test'`)) as unknown as {
      rows: { id: number }[];
    };
    const userId = Number(users.rows[0]?.id);
    const actor = await loadActor(t.db, userId);
    if (!actor) throw new Error('no manager');
    const ctx = buildContext(actor, 'en', false);
    const now = new Date('2026-11-25T12:00:00Z');
    const steps: [number, number][] = [];
    const pagedBytes = memorySink();
    const wholeBytes = memorySink();
    const paged = await buildFinanceExport(
      t.db,
      ctx,
      params,
      'csv',
      pagedBytes,
      async (written, total) => void steps.push([written, total]),
      { pageSize: 1, now },
    );
    await buildFinanceExport(t.db, ctx, params, 'csv', wholeBytes, async () => {}, { now });
    expect(paged.rows).toBe(4);
    expect(steps).toEqual([
      [1, 4],
      [2, 4],
      [3, 4],
      [4, 4],
    ]);
    expect(pagedBytes.bytes().equals(wholeBytes.bytes())).toBe(true);
    await expect(buildFinanceExport(t.db, ctx, params, 'pdf', memorySink(), async () => {}, { pdfMaxLines: 3 })).rejects.toMatchObject({
      status: 422,
      code: 'export_pdf_too_long',
      params: { max: 3, lines: 4 },
    });
  });

  it('a chart of the periods as SVG: bars from zero, a negative share below it', () => {
    const svg = barChartSvg(['Oct', 'Nov'], [{ name: 'Gross <x>', color: '#000', values: [10_000, -5_000] }]);
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain('Gross &#60;x&#62;');
    expect(svg.match(/<rect /g)?.length).toBe(3);
  });
});

describe('who may export and read what', () => {
  it('per role: admin, manager and accountant may, a worker may not; the company report needs finance.ebitda', async () => {
    const body = { kind: 'finance-report', format: 'csv', params };
    for (const user of ['admin', 'manager', 'accountant']) expect((await ask(user, body)).status).toBe(202);
    const refused = await ask('worker', body, { 'accept-language': 'hr' });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe('Nemate ovlasti za ovu radnju.');
    expect((await t.as('worker', { url: '/api/v2/exports' })).statusCode).toBe(403);
    const patch = (activeModuleComponents: string[]) =>
      t.as('admin', {
        method: 'PATCH',
        url: '/api/v2/companies/1',
        payload: { activeModuleComponents },
        headers: { 'content-type': 'application/merge-patch+json' },
      });
    const before = (await t.json<{ activeModuleComponents: string[] }>('admin', { url: '/api/v2/companies/1' })).body
      .activeModuleComponents;
    expect((await patch(before.filter((c) => c !== 'finance.ebitda'))).statusCode).toBe(200);
    try {
      const company = { kind: 'finance-report', format: 'xlsx', params: { subject: 'company', from: '2025-10-01', to: '2025-10-31' } };
      const queued = await count();
      expect((await ask('manager', company)).status).toBe(403);
      expect(await count()).toBe(queued);
      expect((await ask('admin', company)).status).toBe(202);
    } finally {
      await patch(before);
    }
    await sweep.sweep();
  });

  it("another user cannot see or download someone's export; an admin can", async () => {
    const { item } = await exported('manager', 'csv');
    // Another company without the transfer module (exports, decision 0026) reaches no export at all.
    expect((await t.as('otherManager', { url: item['@id'] })).statusCode).toBe(403);
    expect((await t.as('otherManager', { url: item.file as string })).statusCode).toBe(403);
    for (const user of ['accountant']) {
      expect((await t.as(user, { url: item['@id'] })).statusCode).toBe(404);
      expect((await t.as(user, { url: item.file as string })).statusCode).toBe(404);
      const listed = await t.json<{ member: ExportItem[] }>(user, { url: '/api/v2/exports' });
      expect(listed.body.member.map((e) => e.id)).not.toContain(item.id);
    }
    expect((await t.as('admin', { url: item.file as string })).statusCode).toBe(200);
    const own = await t.json<{ member: ExportItem[]; totalItems: number }>('manager', { url: '/api/v2/exports' });
    expect(own.body.member[0]?.id).toBe(item.id);
    expect(own.body.member.every((e) => e.user === own.body.member[0]?.user)).toBe(true);
    // The admin's All Companies view lists everyone's.
    const everyone = await t.json<{ member: ExportItem[] }>('admin', {
      url: '/api/v2/exports?itemsPerPage=100',
      headers: { 'x-kovanica-view': 'all' },
    });
    expect(everyone.body.member.map((e) => e.id)).toContain(item.id);
  });
});

describe('bad requests are 4xx in the user’s language, and queue nothing', () => {
  it('ranges, references, fields, kinds and formats', async () => {
    const before = await count();
    const bad = async (body: unknown, status: number, lang = 'en') => {
      const res = await ask('manager', body, { 'accept-language': lang });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      return res.body;
    };
    const backwards = await bad({ kind: 'finance-report', format: 'csv', params: { ...params, from: '2025-12-01' } }, 422, 'hr');
    expect(backwards.violations?.[0]).toMatchObject({ propertyPath: 'params.to', message: 'Kraj ne smije biti prije početka.' });
    const long = await bad({ kind: 'finance-report', format: 'csv', params: { ...params, period: 'day', from: '2020-01-01' } }, 422);
    expect(long.violations?.[0]?.propertyPath).toBe('params.to');
    const lessorIri = await bad({ kind: 'finance-report', format: 'csv', params: { ...params, lessor: '/api/v2/devices/1' } }, 422);
    expect(lessorIri.violations?.[0]?.propertyPath).toBe('params.lessor');
    const date = await bad({ kind: 'finance-report', format: 'csv', params: { ...params, from: '2025-02-30' } }, 422);
    expect(date.violations?.[0]?.propertyPath).toBe('params.from');
    await bad({ kind: 'finance-report', format: 'docx', params }, 422);
    await bad({ kind: 'movements', format: 'csv', params }, 422);
    await bad({ kind: 'finance-report', format: 'csv', params: { ...params, page: 2 } }, 400);
    await bad(
      {
        kind: 'finance-report',
        format: 'csv',
        params: { subject: 'company', from: '2025-10-01', to: '2025-10-31', lessor: lessor['@id'] },
      },
      422,
    );
    await bad({ kind: 'finance-report', format: 'csv' }, 422);
    const malformed = await t.as('manager', {
      method: 'POST',
      url: '/api/v2/exports',
      payload: '{"kind":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(await count()).toBe(before);
    expect((await t.as('manager', { url: '/api/v2/exports/0' })).statusCode).toBe(404);
    expect((await t.as('manager', { url: '/api/v2/exports/2147483647/file' })).statusCode).toBe(404);
    expect((await t.as('manager', { url: '/api/v2/exports/abc' })).statusCode).toBe(404);
  });
});

describe('the sweep', () => {
  it("takes up a dead server's running export again, leaves a live one, deletes expired ones", async () => {
    const asked = await ask('manager', { kind: 'finance-report', format: 'csv', params });
    const live = await ask('manager', { kind: 'finance-report', format: 'csv', params });
    // One died mid-build (its lease long gone); another is being built right now by someone else.
    await t.db.execute(
      sql`update exports set status = 'running', progress = 40, started_at = now() - interval '10 minutes', attempts = 1 where id = ${asked.body.id}`,
    );
    await t.db.execute(
      sql`update exports set status = 'running', progress = 10, started_at = now(), attempts = 1 where id = ${live.body.id}`,
    );
    const old = await ask('manager', { kind: 'finance-report', format: 'csv', params });
    await t.db.execute(sql`update exports set expires_at = now() - interval '1 second' where id = ${old.body.id}`);
    await sweep.sweep();
    expect(await built(t, 'manager', asked.body['@id'])).toMatchObject({ status: 'done', progress: 100 });
    expect(await built(t, 'manager', live.body['@id'])).toMatchObject({ status: 'running', progress: 10 });
    expect((await t.as('manager', { url: old.body['@id'] })).statusCode).toBe(404);
    expect(
      Number(
        ((await t.db.execute(sql`select count(*) as n from exports where id = ${old.body.id}`)) as unknown as { rows: { n: number }[] })
          .rows[0]?.n,
      ),
    ).toBe(0);
    await t.db.execute(sql`delete from exports where id = ${live.body.id}`);
  });

  it('a closing server stops the build under way at its next page and queues it again, not counted as an attempt', async () => {
    const asked = await ask('manager', { kind: 'finance-report', format: 'xlsx', params });
    // The server starts closing just after the sweep claimed the export.
    const closing: ExportSweep = new ExportSweep(
      Object.assign(Object.create(t.db), {
        execute: async (query: Parameters<typeof t.db.execute>[0]) => {
          const result = await t.db.execute(query);
          if (JSON.stringify(query).includes("status = 'running', started_at = now()")) closing.stop();
          return result;
        },
      }),
    );
    expect(await closing.sweep()).toMatchObject({ built: 0, failed: 0 });
    const row = (await t.db.execute(sql`select status, progress, attempts from exports where id = ${asked.body.id}`)) as unknown as {
      rows: { status: string; progress: number; attempts: number }[];
    };
    expect(row.rows[0]).toMatchObject({ status: 'queued', progress: 0, attempts: 0 });
    await sweep.sweep();
    expect(await built(t, 'manager', asked.body['@id'])).toMatchObject({ status: 'done', progress: 100 });
  });

  it('fails an export whose user may no longer read it, with the reason in their language', async () => {
    const asked = await ask('accountant', { kind: 'finance-report', format: 'csv', params }, { 'accept-language': 'hr' });
    await t.db.execute(sql`update users set active = false where email = 'accountant@zabavni.test'`);
    try {
      await sweep.sweep();
    } finally {
      await t.db.execute(sql`update users set active = true where email = 'accountant@zabavni.test'`);
    }
    const failed = (await t.json<ExportItem>('admin', { url: asked.body['@id'] })).body;
    expect(failed).toMatchObject({ status: 'failed', file: null });
    expect(failed.error).toBe('Ovaj račun nije aktivan.');
    const file = await t.json<Problem>('admin', { url: `${asked.body['@id']}/file` });
    expect(file.status).toBe(409);
  });

  it('the job queue builds an export as soon as it is asked for, and its run logs the request that asked', async () => {
    // The app's log lines, as the JSON a log collector reads.
    const lines: { msg?: string; job?: string; reqIds?: string[] }[] = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };
    const q = await testApp({ jobs: true, logger: { level: 'info', stream } });
    const asked = await q.json<ExportItem>('manager', {
      method: 'POST',
      url: '/api/v2/exports',
      headers: { 'x-request-id': 'export-req-5c1d' },
      payload: { kind: 'finance-report', format: 'xlsx', params: { subject: 'device', from: '2025-10-01', to: '2025-10-31' } },
    });
    expect(asked.status).toBe(202);
    const deadline = Date.now() + 30_000;
    let item = asked.body;
    while (Date.now() < deadline && item.status !== 'done' && item.status !== 'failed') {
      await new Promise((resolve) => setTimeout(resolve, 250));
      item = await built(q, 'manager', asked.body['@id']);
    }
    expect(item).toMatchObject({ status: 'done', progress: 100 });
    expect((await q.as('manager', { url: item.file as string })).statusCode).toBe(200);
    // The run the request woke logs its id when it ends: it may be the one after a run already under
    // way (woken at start), which built the export before it.
    const logged = () => lines.filter((l) => l.msg === 'job ran for requests').map((l) => [l.job, l.reqIds]);
    for (let i = 0; i < 100 && !logged().some(([job]) => job === 'export-sweep'); i++) await new Promise((r) => setTimeout(r, 100));
    expect(logged()).toContainEqual(['export-sweep', ['export-req-5c1d']]);
  });
});
