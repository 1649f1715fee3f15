import {
  addDays,
  type Bill,
  businessDate,
  type FinanceReport,
  type Location,
  monthEnd,
  type VatBook,
  type VatReconciliationKey,
  zagrebOffset,
} from '@kovanica/contract';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bills, companies, fiscalCertificates } from '../../db/schema/index.ts';
import { testApp } from '../../testing/app.ts';
import { createDeviceWithLogger, type EventInput, firstOf, sendEvents, standsSince } from '../../testing/fixtures.ts';
import { loyaltyProgramme } from '../../testing/loyalty.ts';

// The VAT book (docs/rules.md, "VAT book"): a month's bills by rate and kind, and the reconciliation
// that takes their total, line by line, to the finance report's gross and VAT of the same month.

const t = await testApp();
const home = await firstOf<Location>(t, '/api/v2/locations?name=Riva — caffe');
const programme = await loyaltyProgramme(t, ' vat');

/** An instant by its Zagreb calendar day and clock time (away from the clocks' change at 02:00–03:00). */
function zagreb(day: string, hh: number, mm: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  return new Date(wall - zagrebOffset(wall)).toISOString();
}

// The current Zagreb month (M) and the one before it (P). The top-up, the manual bill and the storno
// are issued now (in M); the payments of P are sent with their own times.
const today = businessDate();
const mFirst = `${today.slice(0, 8)}01`;
const pFirst = `${addDays(mFirst, -1).slice(0, 8)}01`;
const M = mFirst.slice(0, 7);
const P = pFirst.slice(0, 7);
const pDay = addDays(pFirst, 9);
const now = Date.now();
/** Inside M, after its first minutes: the first coin of M sets the sequence's latest issue time. */
const mEarly = new Date(Math.min(Date.parse(zagreb(mFirst, 0, 10)), now - 120_000)).toISOString();
const mLate = new Date(now - 60_000).toISOString();

// A fiscalizing device (its location's premises, an ISU of its own) and one whose fiscalization is off.
const fiscal = await createDeviceWithLogger(t, {
  name: 'VAT book machine',
  location: home['@id'],
  isuNumber: '7301',
  playPriceCents: 100,
  tokenValueCents: 100,
});
const silent = await createDeviceWithLogger(t, { name: 'VAT book no fiscal', location: home['@id'], fiscalize: 'off' });
await standsSince(t, [fiscal.device, silent.device], new Date(Date.parse(pFirst) - 3 * 86_400_000));

// A card with 3 € of paid credit and 5 € of bonus (a correction: no bill), spent in P.
const card = await programme.card();
const credit = await t.json('manager', {
  method: 'POST',
  url: '/api/v2/card-transactions',
  payload: { card: card['@id'], paidCents: 300, bonusCents: 500, note: 'opening credit' },
});
expect(credit.status, JSON.stringify(credit.body)).toBe(201);

const pEvents: EventInput[] = [
  { seq: 1, at: zagreb(pDay, 10, 0), type: 'coin', valueCents: 100, count: 2 },
  { seq: 2, at: zagreb(pDay, 10, 5), type: 'note', valueCents: 500 },
  { seq: 3, at: zagreb(pDay, 10, 10), type: 'cashless', valueCents: 333 },
  // 2 € of paid credit; then 2,50 €: the last 1 € of paid credit and 1,50 € of bonus.
  { seq: 4, at: zagreb(pDay, 11, 0), type: 'card', cardUid: card.uid, valueCents: 200 },
  { seq: 5, at: zagreb(pDay, 11, 5), type: 'card', cardUid: card.uid, valueCents: 250 },
  { seq: 6, at: zagreb(pDay, 12, 0), type: 'token', count: 3 },
  // A test play in service mode: neither a bill nor revenue.
  { seq: 7, at: zagreb(pDay, 13, 0), type: 'service_mode', on: true },
  { seq: 8, at: zagreb(pDay, 13, 5), type: 'coin', valueCents: 100 },
  { seq: 9, at: zagreb(pDay, 13, 10), type: 'service_mode', on: false },
];
await sendEvents(t, fiscal.logger, pEvents);
// The first coin of M, then (delivered late) a coin paid in P's last minutes: its number comes after
// the coin of M, so it is issued no earlier than that coin (docs/rules.md, "Numbers never run against
// time") — a payment of P with its bill in M. Then a coin of M that is cancelled by a storno.
await sendEvents(t, fiscal.logger, [{ seq: 10, at: mEarly, type: 'coin', valueCents: 100 }]);
await sendEvents(t, fiscal.logger, [{ seq: 11, at: zagreb(monthEnd(pFirst), 23, 55), type: 'coin', valueCents: 100 }]);
await sendEvents(t, fiscal.logger, [{ seq: 12, at: mLate, type: 'coin', valueCents: 250 }]);
// The device that does not fiscalize: a coin in each month, without a bill.
await sendEvents(t, silent.logger, [
  { seq: 1, at: zagreb(pDay, 15, 0), type: 'coin', valueCents: 200 },
  { seq: 2, at: mLate, type: 'coin', valueCents: 300 },
]);

// Now, in M: a top-up of 20 € at the point of sale, a bill by hand at 13 %, the storno of the 2,50 € coin's bill.
const topUp = await t.json('manager', {
  method: 'POST',
  url: '/api/v2/top-ups',
  payload: {
    card: card['@id'],
    posLocation: programme.posLocation['@id'],
    posWorker: programme.worker['@id'],
    paidCents: 2000,
    payment: 'cash',
  },
});
expect(topUp.status, JSON.stringify(topUp.body)).toBe(201);
const manual = await t.json<Bill>('manager', {
  method: 'POST',
  url: '/api/v2/bills',
  payload: { premises: 'DESK1', isu: '1', totalCents: 1130, payment: 'G', vatRate: 13, note: 'Birthday party' },
});
expect(manual.status, JSON.stringify(manual.body)).toBe(201);
const [coinOfM] = await t.db
  .select({ id: bills.id })
  .from(bills)
  .where(and(eq(bills.deviceId, fiscal.device.id), eq(bills.totalCents, 250)));
const storno = await t.json<Bill>('manager', { method: 'POST', url: `/api/v2/bills/${coinOfM?.id}/storno`, payload: { note: 'wrong' } });
expect(storno.status, JSON.stringify(storno.body)).toBe(201);

const [zabavni] = await t.db
  .select()
  .from(companies)
  .where(eq(companies.id, manual.body.company.split('/').map(Number).at(-1) ?? 0));
const bookOf = async (month: string, user = 'manager', extra = '') => {
  const res = await t.json<VatBook>(user, { url: `/api/v2/vat-book?month=${month}${extra}` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const financeOf = async (month: string) => {
  const to = monthEnd(`${month}-01`);
  const res = await t.json<FinanceReport>('manager', {
    url: `/api/v2/finance-report?subject=location&from=${month}-01&to=${to}&period=month`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.totals;
};
/** The bills of a Zagreb month of a company, summed in SQL, as the book must have them. */
async function billsOf(month: string, companyId: number) {
  const from = new Date(zagreb(`${month}-01`, 0, 0));
  const to = new Date(zagreb(addDays(monthEnd(`${month}-01`), 1), 0, 0));
  const [row] = await t.db
    .select({
      bills: sql<number>`count(*)::int`,
      base: sql<number>`coalesce(sum(${bills.vatBaseCents}), 0)::int`,
      vat: sql<number>`coalesce(sum(${bills.vatCents}), 0)::int`,
      total: sql<number>`coalesce(sum(${bills.totalCents}), 0)::int`,
    })
    .from(bills)
    .where(and(eq(bills.companyId, companyId), gte(bills.issuedAt, from), lt(bills.issuedAt, to)));
  return row;
}
const lineOf = (book: VatBook, key: VatReconciliationKey) => book.reconciliation.lines.find((l) => l.line === key);
/** The lines taken from the bills' side: they must land on the finance report's figures exactly. */
function expectReconciled(book: VatBook, finance: { grossCents: number; vatCents: number }) {
  const lines = book.reconciliation.lines;
  expect(book.reconciliation.billsTotalCents + lines.reduce((s, l) => s + l.grossCents, 0)).toBe(finance.grossCents);
  expect(book.reconciliation.billsVatCents + lines.reduce((s, l) => s + l.vatCents, 0)).toBe(finance.vatCents);
  expect(book.reconciliation).toMatchObject({
    financeGrossCents: finance.grossCents,
    financeVatCents: finance.vatCents,
    unexplainedGrossCents: 0,
    unexplainedVatCents: 0,
  });
}
// In January P is last year's: a bill is numbered in its payment's year, so the late coin of
// December is billed in December (its sequence's latest bill is not later) and no bill crosses.
const crosses = M.slice(0, 4) === P.slice(0, 4);

describe('the VAT book', () => {
  it('sums every bill of the month by rate and kind, to the cent of the bills themselves', async () => {
    for (const month of [P, M]) {
      const book = await bookOf(month);
      const stored = await billsOf(month, zabavni?.id ?? 0);
      expect(book.totals).toEqual({
        bills: stored?.bills,
        baseCents: stored?.base,
        vatCents: stored?.vat,
        totalCents: stored?.total,
      });
      // The rates and the lines add up to the totals.
      for (const key of ['bills', 'baseCents', 'vatCents', 'totalCents'] as const) {
        expect(book.rates.reduce((s, r) => s + r[key], 0)).toBe(book.totals[key]);
        expect(book.lines.reduce((s, r) => s + r[key], 0)).toBe(book.totals[key]);
      }
    }
    const m = await bookOf(M);
    const line = (kind: string, rate: number) => m.lines.find((l) => l.kind === kind && l.vatRate === rate);
    // The storno is negative and reduces its rate; the top-up is a bill of its own kind; the manual bill at 13 %.
    expect(line('storno', 25)).toMatchObject({ bills: 1, totalCents: -250, vatCents: -50, baseCents: -200 });
    expect(line('top_up', 25)).toMatchObject({ bills: 1, totalCents: 2000, vatCents: 400, baseCents: 1600 });
    expect(line('manual', 13)).toMatchObject({ bills: 1, totalCents: 1130, vatCents: 130, baseCents: 1000 });
    expect(line('device', 25)).toMatchObject({ bills: crosses ? 3 : 2, totalCents: crosses ? 450 : 350 });
    // The VAT return: per rate, highest first, the storno taken off its rate.
    expect(m.rates.map((r) => [r.vatRate, r.baseCents, r.vatCents])).toEqual([
      [25, (crosses ? 360 : 280) + 1600 - 200, (crosses ? 90 : 70) + 400 - 50],
      [13, 1000, 130],
    ]);
  });

  it('reconciles the bills with the finance report of the same month exactly, line by line', async () => {
    const p = await bookOf(P);
    const pFinance = await financeOf(P);
    // P: coins 2 €, note 5 €, cashless 3,33 € billed (VAT 0,40 + 1 + 0,67); the late coin of 1 € billed in M;
    // 2 € without a bill; cards 3 € paid (1,50 € bonus aside); tokens 3 €; a test coin of 1 € aside.
    expect(pFinance).toMatchObject({ grossCents: 1033 + 100 + 200 + 300 + 300, vatCents: 207 + 20 + 40 });
    expect(p.totals).toMatchObject({ totalCents: crosses ? 1033 : 1133, vatCents: crosses ? 207 : 227 });
    expect(lineOf(p, 'laterBills')).toMatchObject({ grossCents: crosses ? 100 : 0, vatCents: crosses ? 20 : 0 });
    expect(lineOf(p, 'unbilled')).toMatchObject({ grossCents: 200, vatCents: 40, count: 1 });
    expect(lineOf(p, 'cardPlays')).toMatchObject({ grossCents: 300, vatCents: 0 });
    expect(lineOf(p, 'tokenPlays')).toMatchObject({ grossCents: 300, vatCents: 0 });
    expect(lineOf(p, 'bonusPlays')).toMatchObject({ grossCents: 0, asideCents: 150 });
    expect(lineOf(p, 'testPlays')).toMatchObject({ grossCents: 0, asideCents: 100, count: 1 });
    expect(p.reconciliation.financeSaleVatCents).toBe(60 + 60);
    expectReconciled(p, pFinance);

    const m = await bookOf(M);
    const mFinance = await financeOf(M);
    // M: coins 1 € and 2,50 € billed (the storno does not change the revenue), 3 € without a bill.
    expect(mFinance).toMatchObject({ grossCents: 100 + 250 + 300, vatCents: 20 + 50 + 60 });
    expect(lineOf(m, 'topUps')).toMatchObject({ grossCents: -2000, vatCents: -400, count: 1 });
    expect(lineOf(m, 'manual')).toMatchObject({ grossCents: -1130, vatCents: -130, count: 1 });
    expect(lineOf(m, 'storno')).toMatchObject({ grossCents: 250, vatCents: 50, count: 1 });
    expect(lineOf(m, 'earlierPayments')).toMatchObject({ grossCents: crosses ? -100 : 0, vatCents: crosses ? -20 : 0 });
    expect(lineOf(m, 'unbilled')).toMatchObject({ grossCents: 300, vatCents: 60, count: 1 });
    expectReconciled(m, mFinance);
  });

  it('follows the company scope: an admin’s All Companies view, one company, a company outside the view', async () => {
    // A bill of a company outside the VAT system (written as stored: Drugi automati keeps no bills here).
    const [drugi] = await t.db.select().from(companies).where(eq(companies.inVatSystem, false));
    const [certificate] = await t.db.select().from(fiscalCertificates).limit(1);
    await t.db.insert(bills).values({
      companyId: drugi?.id ?? 0,
      kind: 'manual',
      issuedAt: new Date(mLate),
      year: Number(M.slice(0, 4)),
      number: 1,
      premises: 'OUT1',
      isu: '1',
      totalCents: 700,
      inVatSystem: false,
      payment: 'G',
      oib: drugi?.oib ?? '',
      operatorOib: drugi?.oib ?? '',
      zki: '0'.repeat(32),
      certificateId: certificate?.id ?? 0,
    });
    const all = await t.json<VatBook>('admin', { url: `/api/v2/vat-book?month=${M}`, headers: { 'x-kovanica-view': 'all' } });
    expect(all.status).toBe(200);
    const outside = all.body.lines.filter((l) => !l.inVatSystem);
    expect(outside).toEqual([{ inVatSystem: false, vatRate: null, kind: 'manual', bills: 1, baseCents: 0, vatCents: 0, totalCents: 700 }]);
    expect(all.body.rates.at(-1)).toMatchObject({ inVatSystem: false, vatRate: null, totalCents: 700, vatCents: 0 });
    const mine = await bookOf(M);
    expect(all.body.totals.totalCents).toBe(mine.totals.totalCents + 700);
    // One company of the view.
    const drugiIri = `/api/v2/companies/${drugi?.id}`;
    const one = await t.json<VatBook>('admin', {
      url: `/api/v2/vat-book?month=${M}&company=${drugiIri}`,
      headers: { 'x-kovanica-view': 'all' },
    });
    expect(one.body.totals).toEqual({ bills: 1, baseCents: 0, vatCents: 0, totalCents: 700 });
    expect(lineOf(one.body, 'manual')).toMatchObject({ grossCents: -700 });
    expect(one.body.reconciliation).toMatchObject({ financeGrossCents: 0, unexplainedGrossCents: 0, unexplainedVatCents: 0 });
    // Another company than the manager's: nothing (as a list filtered by it shows nothing).
    const other = await bookOf(M, 'manager', `&company=${drugiIri}`);
    expect(other.totals).toEqual({ bills: 0, baseCents: 0, vatCents: 0, totalCents: 0 });
    expect(other.lines).toEqual([]);
  });

  it('is read by admins, managers and accountants, not by workers; a bad month or company is a 400 in both languages', async () => {
    const expected: Record<string, number> = { admin: 200, manager: 200, accountant: 200, worker: 403 };
    for (const [user, status] of Object.entries(expected)) {
      const res = await t.as(user, { url: `/api/v2/vat-book?month=${M}` });
      expect(res.statusCode, user).toBe(status);
    }
    expect((await t.as(null, { url: `/api/v2/vat-book?month=${M}` })).statusCode).toBe(401);
    // Drugi automati has no bills module.
    const otherManager = await t.json<{ code?: string }>('otherManager', { url: `/api/v2/vat-book?month=${M}` });
    expect(otherManager.status).toBe(403);
    for (const bad of ['month=2026-13', 'month=2026-1', '', `month=${M}&company=nonsense`, `month=${M}&page=2`]) {
      const en = await t.json<{ message: string }>('manager', { url: `/api/v2/vat-book?${bad}`, headers: { 'accept-language': 'en' } });
      const hr = await t.json<{ message: string }>('manager', { url: `/api/v2/vat-book?${bad}`, headers: { 'accept-language': 'hr' } });
      expect(en.status, bad).toBe(400);
      expect(hr.status, bad).toBe(400);
      expect(hr.body.message, bad).not.toBe(en.body.message);
    }
  });
});
