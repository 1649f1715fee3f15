import {
  addDays,
  type ExportItem,
  FINANCE_MAX_DAYS,
  LOYALTY_REPORT_MAX_DAYS,
  PRODUCT_SALES_MAX_DAYS,
  type Problem,
  type ReportExportKind,
} from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../../core/context.ts';
import { DomainError } from '../../core/errors.ts';
import { testApp } from '../../testing/app.ts';
import { createDeviceWithLogger, createLessor, createLocation, releaseHeld, sendEvents, standsSince } from '../../testing/fixtures.ts';
import { loyaltyProgramme } from '../../testing/loyalty.ts';
import { reportDataSets } from './exports.reports.ts';
import { ExportSweep } from './exports.service.ts';
import { aboutValue, readCsv, readPdfText, readXlsx } from './exports.testing.ts';

/**
 * The reports as export data sets (decision 0026): each kind asked per role, its params checked by the
 * report itself (a bad one a 422 in the user's language), and the file's totals line the report's own.
 */
const t = await testApp();
const sweep = new ExportSweep(t.db, () => {}, t.app.lists);
const lessor = await createLessor(t, { rentalType: 'percentage', rentalPercentage: 10 });
const place = await createLocation(t, { lessor: lessor['@id'], fiscalization: false, name: 'Report export place' });
const d1 = await createDeviceWithLogger(t, { location: place['@id'], name: 'Report export one' });
const d2 = await createDeviceWithLogger(t, { location: place['@id'], name: 'Report export two' });
await standsSince(t, [d1.device, d2.device], new Date('2025-01-01T00:00:00Z'));
await sendEvents(t, d1.logger, [
  { seq: 1, at: '2025-10-10T09:00:00Z', type: 'coin', valueCents: 100, count: 37 },
  { seq: 2, at: '2025-10-11T09:00:00Z', type: 'token', count: 4 },
  { seq: 3, at: '2025-09-11T09:00:00Z', type: 'coin', valueCents: 200, count: 5 },
]);
await sendEvents(t, d2.logger, [
  { seq: 1, at: '2025-10-03T12:00:00Z', type: 'note', valueCents: 5000, count: 3 },
  { seq: 2, at: '2025-10-20T12:00:00Z', type: 'token', count: 6 },
]);
// Notes by the dozen at once are more than a machine takes (docs/rules.md, "Plausibility"): released by hand.
await releaseHeld(t, d2.logger);

// A loyalty programme with two top-ups made now (the ledger's time is the server's).
const programme = await loyaltyProgramme(t, ' export');
const holder = await programme.post('/api/v2/card-holders', { owner: programme.owner['@id'], name: 'Ana', surname: 'Export' });
for (const [uid, paidCents] of [
  ['EE0001', 6000],
  ['EE0002', 1000],
] as const) {
  const card = await programme.post('/api/v2/loyalty-cards', { owner: programme.owner['@id'], uid, number: uid, holder: holder['@id'] });
  const res = await t.json('manager', {
    method: 'POST',
    url: '/api/v2/top-ups',
    payload: {
      card: card['@id'],
      posLocation: programme.posLocation['@id'],
      posWorker: programme.worker['@id'],
      paidCents,
      payment: 'cash',
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const loyaltyRange = { from: day(-3), to: day(3) };

const range = { from: '2025-10-01', to: '2025-10-31' };
/** Each kind: its params, the report's URL, a bad param (its path) and a column of the totals with its figure. */
const kinds = [
  {
    kind: 'token-report',
    params: { subject: 'location', ...range, period: 'month' },
    url: `/api/v2/finance-report?subject=location&from=${range.from}&to=${range.to}&period=month`,
    bad: [{ subject: 'company', ...range }, 'params.subject'],
    totals: [
      ['Tokens (count)', 'tokens', 'count'],
      ['Tokens (value)', 'tokensCents', 'money'],
      ['Gross revenue', 'grossCents', 'money'],
    ],
  },
  {
    kind: 'logistic-report',
    params: { subject: 'device', ...range, location: place['@id'] },
    url: `/api/v2/logistic-report?subject=device&from=${range.from}&to=${range.to}&location=${encodeURIComponent(place['@id'])}`,
    bad: [{ subject: 'device', ...range }, null],
    totals: [
      ['Plays', 'plays', 'count'],
      ['Gross revenue', 'grossCents', 'money'],
      ['Cash in box', 'cashInBoxCents', 'money'],
    ],
  },
  {
    kind: 'comparative-analysis',
    params: { subject: 'device', ...range, compareFrom: '2025-09-01', compareTo: '2025-09-30' },
    url: `/api/v2/comparative-analysis?subject=device&from=${range.from}&to=${range.to}&compareFrom=2025-09-01&compareTo=2025-09-30`,
    bad: [{ subject: 'device', ...range, compareFrom: '2025-09-30', compareTo: '2025-09-01' }, 'params.compareTo'],
    totals: [
      ['Change', 'changeCents', 'money'],
      // A number to 2 decimals, as the screen's column (not the text '-18.4 %' behind an apostrophe).
      ['Change %', 'changePercent', 'percent'],
      ['Plays', 'currentPlays', 'count'],
    ],
  },
  {
    kind: 'loyalty-report-general',
    params: { ...loyaltyRange, period: 'week' },
    url: `/api/v2/loyalty-reports/general?from=${loyaltyRange.from}&to=${loyaltyRange.to}&period=week`,
    bad: [{ from: '2025-10-31', to: '2025-10-01' }, 'params.to'],
    totals: [
      ['Cards issued', 'cardsIssued', 'count'],
      ['Top-ups paid', 'topUpPaidCents', 'money'],
      ['Outstanding paid credit', 'outstandingPaidCents', 'money'],
    ],
  },
  {
    kind: 'loyalty-report-owners',
    params: loyaltyRange,
    url: `/api/v2/loyalty-reports/owners?from=${loyaltyRange.from}&to=${loyaltyRange.to}`,
    bad: [{ ...loyaltyRange, owner: '/api/v2/devices/1' }, 'params.owner'],
    totals: [
      ['Cards', 'cards', 'count'],
      ['Owed to the operator', 'owedCents', 'money'],
    ],
  },
  {
    kind: 'loyalty-report-cards',
    params: { ...loyaltyRange, 'order[balance]': 'desc' },
    url: `/api/v2/loyalty-reports/cards?from=${loyaltyRange.from}&to=${loyaltyRange.to}&order[balance]=desc`,
    bad: [{ ...loyaltyRange, status: 'lost-and-found' }, 'params.status'],
    totals: [
      ['Spent (paid credit)', 'spendPaidCents', 'money'],
      ['Balance (paid credit)', 'balancePaidCents', 'money'],
    ],
  },
  {
    kind: 'loyalty-report-holders',
    params: loyaltyRange,
    url: `/api/v2/loyalty-reports/holders?from=${loyaltyRange.from}&to=${loyaltyRange.to}`,
    bad: [{ from: '2000-01-01', to: '2025-10-01' }, 'params.to'],
    totals: [
      ['Bonus', 'bonusCents', 'money'],
      ['Balance (bonus)', 'balanceBonusCents', 'money'],
    ],
  },
] as const;

const ask = (user: string, body: unknown, headers: Record<string, string> = {}) =>
  t.json<ExportItem & Partial<Omit<Problem, 'status'>>>(user, {
    method: 'POST',
    url: '/api/v2/exports',
    payload: body as Record<string, unknown>,
    headers,
  });
const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

describe.each(kinds)('$kind as a file', (spec) => {
  it('per role: admin, manager and accountant may ask for it, a worker may not', async () => {
    for (const user of ['admin', 'manager', 'accountant']) {
      const res = await ask(user, { kind: spec.kind, format: 'csv', params: spec.params });
      expect(res.status, `${user}: ${JSON.stringify(res.body)}`).toBe(202);
    }
    expect((await ask('worker', { kind: spec.kind, format: 'csv', params: spec.params })).status).toBe(403);
    await sweep.sweep();
  });

  it('a bad param is the report’s own 422, in English and Croatian', async () => {
    const [params, path] = spec.bad;
    const en = await ask('manager', { kind: spec.kind, format: 'csv', params }, { 'accept-language': 'en' });
    const hr = await ask('manager', { kind: spec.kind, format: 'csv', params }, { 'accept-language': 'hr' });
    expect(en.status, JSON.stringify(en.body)).toBe(422);
    expect(hr.status).toBe(422);
    expect(en.body.detail).toBeTruthy();
    expect(hr.body.detail).not.toBe(en.body.detail);
    if (path) expect(en.body.violations?.map((v) => v.propertyPath)).toContain(path);
    expect((await ask('manager', { kind: spec.kind, format: 'csv', params: { ...spec.params, page: 2 } })).status).toBe(400);
  });

  it('CSV: the lines are the report’s, the totals line its totals; XLSX and PDF build', async () => {
    const report = await t.json<{ totals: Record<string, number>; totalItems?: number; periods?: unknown[] }>('manager', {
      // The general report is not paged; the others are asked for every line.
      url: spec.kind === 'loyalty-report-general' ? spec.url : `${spec.url}&itemsPerPage=200`,
    });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    const asked = await ask('manager', { kind: spec.kind, format: 'csv', params: spec.params });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    await sweep.sweep();
    const done = (await t.json<ExportItem>('manager', { url: asked.body['@id'] })).body;
    expect(done, JSON.stringify(done)).toMatchObject({ status: 'done', kind: spec.kind });
    expect(done.rows).toBe(report.body.totalItems ?? report.body.periods?.length);
    const file = await t.as('manager', { url: done.file as string });
    const { about, lines } = readCsv(file.rawPayload);
    expect(about.map(([label]) => label)).toEqual(['Company', 'Report', 'Period', 'Filters', 'Made']);
    expect(aboutValue(about, 'Period')).toMatch(/^\d\d\.\d\d\.\d{4} – \d\d\.\d\d\.\d{4}/);
    const header = lines[0]?.split(';') ?? [];
    const totals = lines.at(-1)?.split(';') ?? [];
    expect(totals[spec.kind === 'comparative-analysis' ? 1 : 0]).toBe('Total');
    for (const [label, field, type] of spec.totals) {
      const at = header.indexOf(label);
      expect(at, label).toBeGreaterThan(0);
      const value = report.body.totals[field] ?? 0;
      const written =
        type === 'money' ? euros(value) : type === 'percent' ? (Math.round(value * 100) / 100).toFixed(2).replace('.', ',') : String(value);
      expect(totals[at], label).toBe(written);
      if (type === 'percent') expect(value, label).not.toBe(0);
    }
    for (const format of ['xlsx', 'pdf'] as const) {
      const other = await ask('accountant', { kind: spec.kind, format, params: spec.params }, { 'accept-language': 'hr' });
      expect(other.status).toBe(202);
      await sweep.sweep();
      const built = (await t.json<ExportItem>('accountant', { url: other.body['@id'], headers: { 'accept-language': 'hr' } })).body;
      expect(built, JSON.stringify(built)).toMatchObject({ status: 'done' });
      const bytes = (await t.as('accountant', { url: built.file as string })).rawPayload;
      expect(bytes.length).toBe(built.size);
      if (format === 'pdf') {
        expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
        const text = (await readPdfText(bytes)).replace(/\s+/g, ' ');
        expect(text).toContain(`Izvještaj ${built.about.report}`);
        expect(text).toContain(`Razdoblje ${built.about.period}`);
      } else {
        const { about: sheetAbout } = await readXlsx(bytes);
        expect(sheetAbout).toEqual([
          ['Tvrtka', built.about.company],
          ['Izvještaj', built.about.report],
          ['Razdoblje', built.about.period],
          [
            'Filtri',
            built.about.filters.length === 0 ? 'Nema: svi retci' : built.about.filters.map((f) => `${f.label}: ${f.value}`).join(' · '),
          ],
          ['Izrađeno', expect.stringMatching(/^\d\d\.\d\d\.\d{4} \d\d:\d\d \(po zagrebačkom vremenu\), /)],
        ]);
      }
    }
  });
});

it('the figures compared are not zero here (the checks above compare real numbers)', async () => {
  const report = await t.json<{ totals: { tokens: number } }>('manager', { url: kinds[0].url });
  expect(report.body.totals.tokens).toBe(10);
  const general = await t.json<{ totals: { topUpPaidCents: number; cardsIssued: number } }>('manager', { url: kinds[3].url });
  expect(general.body.totals).toMatchObject({ topUpPaidCents: 7000, cardsIssued: 2 });
});

// The check is given no database at all (its type says so): it cannot run the report to see its 4xx.
// The VAT book is one month, no range to be too long (its params: `exports.vat-book.test.ts`).
type Ranged = Exclude<ReportExportKind, 'vat-book'>;
describe("the request-time check is the report's own range check, without the database", () => {
  const ctx: RequestContext = {
    actor: {
      userId: 1,
      email: 'manager@example.com',
      role: 'manager',
      sessionEpoch: 0,
      companyId: 1,
      companyIsTopGun: false,
      activeModules: [],
      activeModuleComponents: [],
      subsidiaryIds: [],
    },
    lang: 'en',
    view: 'mine',
    visible: [1],
    listed: [1],
    can: () => true,
    ip: null,
    requestId: null,
  };
  const from = '2016-01-01';
  /** The longest range each report takes (days counted inclusively), and its params over a range. */
  const longest: Record<Ranged, [number, (range: { from: string; to: string }) => Record<string, unknown>]> = {
    'finance-report': [FINANCE_MAX_DAYS, (r) => ({ subject: 'device', ...r, period: 'month' })],
    'token-report': [FINANCE_MAX_DAYS, (r) => ({ subject: 'location', ...r, period: 'month' })],
    'logistic-report': [FINANCE_MAX_DAYS, (r) => ({ subject: 'device', ...r, location: place['@id'] })],
    'comparative-analysis': [FINANCE_MAX_DAYS, (r) => ({ subject: 'lessor', ...r, compareFrom: r.from, compareTo: r.to })],
    'loyalty-report-general': [LOYALTY_REPORT_MAX_DAYS, (r) => ({ ...r, period: 'month' })],
    'loyalty-report-owners': [LOYALTY_REPORT_MAX_DAYS, (r) => r],
    'loyalty-report-cards': [LOYALTY_REPORT_MAX_DAYS, (r) => ({ ...r, 'order[spends]': 'desc' })],
    'loyalty-report-holders': [LOYALTY_REPORT_MAX_DAYS, (r) => r],
    'product-sales': [PRODUCT_SALES_MAX_DAYS, (r) => r],
  };

  it.each(Object.keys(longest) as Ranged[])('%s: the longest range passes and one day more is its 422', (kind) => {
    const [max, params] = longest[kind];
    expect(() => reportDataSets[kind].check(ctx, params({ from, to: addDays(from, max - 1) }))).not.toThrow();
    const refused = (() => {
      try {
        reportDataSets[kind].check(ctx, params({ from, to: addDays(from, max) }));
        return null;
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ status: 422, code: 'validation' });
    expect((refused as DomainError).violations[0]).toMatchObject({ code: 'range_too_long', params: { max } });
  });
});
