import type { Bill, Location } from '@kovanica/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { billAttempts, bills } from '../../db/schema/index.ts';
import { DEMO_ZABAVNI_OIB, demoAccounts } from '../../demo/seed.ts';
import { startCisSimulator } from '../../fiscal/cis-simulator.ts';
import { FiscalKeys } from '../../fiscal/keys.ts';
import { FISCAL_TEST_SECRET, testApp } from '../../testing/app.ts';
import { createDeviceWithLogger, type EventInput, firstOf, sendEvents } from '../../testing/fixtures.ts';
import { BillSender, LATE_AFTER_SECONDS } from './bills.sender.ts';
import { activeKeyFor } from './bills.service.ts';

/**
 * A sequence's numbers (per premises, ISU and year) against its bills' issue times (decision 0041):
 * no number twice, none skipped, and a later number never issued at an earlier time — with payments
 * that arrive late and batches of two devices and a bill by hand taking numbers at the same moment.
 */
const keys = new FiscalKeys(FISCAL_TEST_SECRET);
const t = await testApp();
const cis = await startCisSimulator({ keyFor: (oib) => activeKeyFor(t.db, keys, oib) });
afterAll(() => cis.close());
const home = await firstOf<Location>(t, '/api/v2/locations?name=Riva — caffe');
const ISU = '9001';
const base = Date.now();
const minutesAgo = (m: number) => new Date(base - m * 60_000).toISOString();
/** Coins from `seq` on, one a minute from `fromMinutesAgo` towards now. */
const coins = (seq: number, count: number, fromMinutesAgo: number) =>
  Array.from({ length: count }, (_, i) => ({
    seq: seq + i,
    at: minutesAgo(fromMinutesAgo - i),
    type: 'coin',
    valueCents: 100,
  })) as EventInput[];

const sequenceOf = async (premises: string) =>
  t.db
    .select()
    .from(bills)
    .where(and(eq(bills.premises, premises), eq(bills.isu, ISU)))
    .orderBy(asc(bills.year), asc(bills.number));

/**
 * Each Zagreb year's numbers 1…n once each, and issue times that never go back as the numbers go up
 * (a run that crosses New Year's Eve in Zagreb starts its second year at 1 again).
 */
function expectInOrder(rows: { year: number; number: number; issuedAt: Date }[]) {
  for (const year of new Set(rows.map((b) => b.year))) {
    const ofYear = rows.filter((b) => b.year === year);
    expect(ofYear.map((b) => b.number)).toEqual(ofYear.map((_, i) => i + 1));
  }
  for (let i = 1; i < rows.length; i++) {
    expect(rows[i]?.issuedAt.getTime(), `bill ${rows[i]?.number} issued before bill ${rows[i - 1]?.number}`).toBeGreaterThanOrEqual(
      rows[i - 1]?.issuedAt.getTime() ?? 0,
    );
  }
}

const a = await createDeviceWithLogger(t, { location: home['@id'], isuNumber: ISU });
// A second machine at the same location given the same ISU: the same sequence, taken concurrently.
const b = await createDeviceWithLogger(t, { location: home['@id'], isuNumber: ISU });

describe('a bill sequence', () => {
  it('gives a late payment the next number and no earlier issue time than the bill before it', async () => {
    await sendEvents(t, a.logger, coins(1, 5, 60));
    // Three payments the logger kept back, from before those five: they arrive now.
    await sendEvents(t, a.logger, coins(6, 3, 90));
    const [first] = await t.db.select().from(bills).where(eq(bills.deviceId, a.device.id));
    const rows = await sequenceOf(first?.premises ?? '');
    expect(rows).toHaveLength(8);
    expectInOrder(rows);
    // The late ones follow the fifth, issued no earlier than it; the others at their payments' times.
    const fifth = rows[4]?.issuedAt.getTime();
    expect(rows.slice(0, 5).map((r) => r.issuedAt.toISOString())).toEqual(coins(1, 5, 60).map((e) => e.at));
    expect(rows.slice(5).map((r) => [r.seq, r.issuedAt.getTime()])).toEqual([
      [6, fifth],
      [7, fifth],
      [8, fifth],
    ]);
    // A self-service machine's bill names the company as its operator.
    expect(rows.every((r) => r.operatorOib === DEMO_ZABAVNI_OIB)).toBe(true);
  });

  it('stays whole under two devices’ batches and a bill by hand taking numbers at once', async () => {
    const [first] = await t.db.select().from(bills).where(eq(bills.deviceId, a.device.id));
    const premises = first?.premises ?? '';
    for (let round = 0; round < 3; round++) {
      const seqA = 9 + round * 6;
      const seqB = 1 + round * 6;
      const [, , manual] = await Promise.all([
        sendEvents(t, a.logger, coins(seqA, 6, 30 - round * 8)),
        // Earlier payments than the other device's, in the same moment.
        sendEvents(t, b.logger, coins(seqB, 6, 40 - round * 8)),
        t.json<Bill>('manager', { method: 'POST', url: '/api/v2/bills', payload: { premises, isu: ISU, totalCents: 500, payment: 'G' } }),
      ]);
      expect(manual.status).toBe(201);
    }
    const rows = await sequenceOf(premises);
    expect(rows).toHaveLength(8 + 3 * (6 + 6 + 1));
    expect(new Set(rows.map((r) => `${r.year}/${r.number}`)).size).toBe(rows.length);
    expectInOrder(rows);
    expect(rows.filter((r) => r.kind === 'manual').every((r) => r.operatorOib === demoAccounts.manager.oib)).toBe(true);
  });

  it('goes to CIS marked as numbered per device (OznSlijed N), each with its operator and delivery flag', async () => {
    const sender = new BillSender(t.db, keys, cis);
    await sender.sweep();
    const [first] = await t.db.select().from(bills).where(eq(bills.deviceId, a.device.id));
    const rows = await sequenceOf(first?.premises ?? '');
    expect(rows.every((r) => r.jir !== null)).toBe(true);
    const sent = await t.db.select().from(billAttempts).orderBy(asc(billAttempts.id));
    for (const row of rows) {
      const attempt = sent.find((s) => s.billId === row.id);
      const xml = attempt?.requestXml ?? '';
      expect(xml).toContain('<tns:OznSlijed>N</tns:OznSlijed>');
      expect(xml).toContain(`<tns:OibOper>${row.operatorOib}</tns:OibOper>`);
      // Late when first sent more than the limit after its issue time (the first test's eight: an hour after).
      const late = (attempt?.at.getTime() ?? 0) - row.issuedAt.getTime() > LATE_AFTER_SECONDS * 1000;
      expect(xml).toContain(`<tns:NakDost>${late}</tns:NakDost>`);
      if (row.deviceId === a.device.id && (row.seq ?? 0) <= 8) expect(late).toBe(true);
    }
    expect(rows.some((r) => r.kind === 'manual' && !sent.find((s) => s.billId === r.id)?.late)).toBe(true);
  });
});
