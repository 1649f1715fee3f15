import type { Bill, BillAttempt, Collection, Location } from '@kovanica/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { billAttempts, bills } from '../../db/schema/index.ts';
import { startCisSimulator } from '../../fiscal/cis-simulator.ts';
import { FiscalKeys } from '../../fiscal/keys.ts';
import { FISCAL_TEST_SECRET, testApp } from '../../testing/app.ts';
import { createDeviceWithLogger, type EventInput, firstOf, sendEvents } from '../../testing/fixtures.ts';
import { BillSender, LATE_AFTER_SECONDS } from './bills.sender.ts';
import { activeKeyFor } from './bills.service.ts';

const keys = new FiscalKeys(FISCAL_TEST_SECRET);
const t = await testApp();
const cis = await startCisSimulator({ keyFor: (oib) => activeKeyFor(t.db, keys, oib) });
afterAll(() => cis.close());
const sender = new BillSender(t.db, keys, cis);
const home = await firstOf<Location>(t, '/api/v2/locations?name=Riva — caffe');
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const secondsAgo = (s: number) => new Date(Date.now() - s * 1000).toISOString();
let isu = 700;

/**
 * A new fiscalized device that took `count` coins, the last `agoSeconds` ago (a second apart; just now
 * unless told: a logger that uploads at once); answers its bills' ids.
 */
async function billedPayments(count: number, agoSeconds = 0) {
  isu += 1;
  const { device, logger } = await createDeviceWithLogger(t, { location: home['@id'], isuNumber: String(isu) });
  await sendEvents(
    t,
    logger,
    Array.from({ length: count }, (_, i) => ({
      seq: i + 1,
      at: secondsAgo(agoSeconds + count - i),
      type: 'coin',
      valueCents: 100,
    })) as EventInput[],
  );
  const rows = await t.db.select().from(bills).where(eq(bills.deviceId, device.id)).orderBy(asc(bills.number));
  return rows.map((b) => b.id);
}

const billRows = (ids: number[]) => t.db.select().from(bills).where(inArray(bills.id, ids)).orderBy(asc(bills.number));
const attemptsOf = (ids: number[]) =>
  t.db.select().from(billAttempts).where(inArray(billAttempts.billId, ids)).orderBy(asc(billAttempts.id));
/** Makes the bills due now (the tests do not wait out the retry delay). */
const dueNow = (ids: number[]) => t.db.update(bills).set({ nextAttemptAt: sql`now()` }).where(inArray(bills.id, ids));

describe('the fiscal sender', () => {
  it('fiscalizes the bills issued with payments, keeping each attempt', async () => {
    cis.switches.mode = 'up';
    const ids = await billedPayments(3);
    await sender.sweep();
    const rows = await billRows(ids);
    expect(rows.every((b) => b.jir !== null && b.fiscalizedAt !== null && b.nextAttemptAt === null && b.attempts === 1)).toBe(true);
    const attempts = await attemptsOf(ids);
    expect(attempts.map((a) => [a.outcome, a.late, a.environment])).toEqual(Array(3).fill(['jir', false, 'simulated']));
    expect(attempts[0]?.requestXml).toContain('<tns:NakDost>false</tns:NakDost>');
    expect(attempts[0]?.answerXml).toContain(`<tns:Jir>${rows[0]?.jir}</tns:Jir>`);
    expect(attempts.every((a) => a.durationMs !== null && a.durationMs >= 0)).toBe(true);
  });

  it('sends a bill issued well before its first send as a late delivery, the first time too', async () => {
    cis.switches.mode = 'up';
    // A logger that uploads three hours after the sale (its connection was down): CIS never saw the bill in time.
    const late = await billedPayments(1, 3 * 3600);
    // One uploaded at once, sent within seconds: fiscalized as it was issued.
    const now = await billedPayments(1);
    const before = cis.received.length;
    await sender.sweep();
    const attempts = await attemptsOf([...late, ...now]);
    expect(attempts.map((a) => [a.billId, a.late, a.outcome])).toEqual([
      [late[0], true, 'jir'],
      [now[0], false, 'jir'],
    ]);
    expect(attempts[0]?.requestXml).toContain('<tns:NakDost>true</tns:NakDost>');
    expect(attempts[1]?.requestXml).toContain('<tns:NakDost>false</tns:NakDost>');
    // What CIS received, as it read it.
    const [lateRow, nowRow] = [...(await billRows(late)), ...(await billRows(now))];
    const received = cis.received.slice(before);
    expect(received.find((r) => r.number === `${lateRow?.number}/${lateRow?.premises}/${lateRow?.isu}`)?.late).toBe(true);
    expect(received.find((r) => r.number === `${nowRow?.number}/${nowRow?.premises}/${nowRow?.isu}`)?.late).toBe(false);
    // Just inside the limit it is still in time; just past it, late.
    const inTime = await billedPayments(1, LATE_AFTER_SECONDS - 20);
    const pastIt = await billedPayments(1, LATE_AFTER_SECONDS + 5);
    await sender.sweep();
    expect((await attemptsOf([...inTime, ...pastIt])).map((a) => a.late)).toEqual([false, true]);
  });

  it('survives an outage: the failed sends are kept, the next is a late delivery with the same ZKI', async () => {
    const ids = await billedPayments(2);
    cis.switches.mode = 'refuse';
    await sender.sweep();
    let rows = await billRows(ids);
    expect(rows.map((b) => [b.jir, b.attempts, b.lastError])).toEqual([
      [null, 1, 'network'],
      [null, 1, 'network'],
    ]);
    // Not due again before its retry delay.
    expect((await sender.sweep()).sent).toBe(0);
    cis.switches.mode = 'up';
    await dueNow(ids);
    await sender.sweep();
    rows = await billRows(ids);
    expect(rows.every((b) => b.jir !== null && b.attempts === 2 && b.lastError === null)).toBe(true);
    const attempts = await attemptsOf(ids);
    expect(attempts.map((a) => [a.billId, a.late, a.outcome])).toEqual([
      [ids[0], false, 'network'],
      [ids[1], false, 'network'],
      [ids[0], true, 'jir'],
      [ids[1], true, 'jir'],
    ]);
    expect(new Set(attempts.map((a) => a.messageId)).size).toBe(4);
    const late = attempts[2];
    expect(late?.requestXml).toContain('<tns:NakDost>true</tns:NakDost>');
    expect(late?.requestXml).toContain(`<tns:ZastKod>${rows[0]?.zki}</tns:ZastKod>`);
  });

  it('sends the bills waiting out an outage as soon as CIS answers again, without waiting for their retry', async () => {
    cis.switches.mode = 'refuse';
    const waiting = await billedPayments(3);
    await sender.sweep();
    expect((await billRows(waiting)).every((b) => b.jir === null && b.nextAttemptAt && b.nextAttemptAt.getTime() > Date.now())).toBe(true);
    // CIS is back; a new bill is due and goes first: its JIR releases the others.
    cis.switches.mode = 'up';
    const fresh = await billedPayments(1);
    await sender.sweep();
    expect((await billRows([...waiting, ...fresh])).map((b) => b.jir !== null)).toEqual([true, true, true, true]);
    // A bill CIS refused for its content keeps its retry time.
    const refused = await billedPayments(1);
    cis.switches.forcedError = 's004';
    await sender.sweep();
    cis.switches.forcedError = null;
    await sender.sweep();
    await billedPayments(1);
    await sender.sweep();
    expect((await billRows(refused))[0]).toMatchObject({ jir: null, lastError: 's004' });
  });

  it('records CIS’s refusals and faults and tries again', async () => {
    const ids = await billedPayments(1);
    cis.switches.forcedError = 's004';
    await sender.sweep();
    cis.switches.forcedError = null;
    cis.switches.mode = 'fault';
    await dueNow(ids);
    await sender.sweep();
    cis.switches.mode = 'up';
    await dueNow(ids);
    await sender.sweep();
    expect((await attemptsOf(ids)).map((a) => [a.outcome, a.errorCode])).toEqual([
      ['error', 's004'],
      ['fault', 'soap_fault'],
      ['jir', null],
    ]);
    expect((await billRows(ids))[0]?.jir).not.toBeNull();
  });

  it('after a crash between claiming and sending, sends again only as a late delivery', async () => {
    const ids = await billedPayments(2);
    // The claim commits its attempts; the process "dies" before sending them.
    const claimed = await (sender as unknown as { claim(limit: number): Promise<unknown[]> }).claim(100);
    expect(claimed.length).toBeGreaterThanOrEqual(2);
    await dueNow(ids);
    const before = cis.received.length;
    await sender.sweep();
    const rows = await billRows(ids);
    expect(rows.every((b) => b.jir !== null)).toBe(true);
    const numbers = new Set(rows.map((b) => `${b.number}/${b.premises}/${b.isu}`));
    const sent = cis.received.slice(before).filter((r) => numbers.has(r.number));
    expect(sent.map((r) => r.late)).toEqual([true, true]);
  });

  it('never sends a bill twice without NakDost', () => {
    const firsts = new Map<string, number>();
    for (const r of cis.received) if (!r.late) firsts.set(r.number, (firsts.get(r.number) ?? 0) + 1);
    expect([...firsts.values()].every((n) => n === 1)).toBe(true);
  });
});

describe('the bills API', () => {
  it('lists bills with their status, number and attempts, filtered as the screens ask', async () => {
    const ids = await billedPayments(2);
    cis.switches.mode = 'refuse';
    await sender.sweep();
    cis.switches.mode = 'up';
    const [first] = await billRows(ids);
    if (!first) throw new Error('no bill');
    const number = `${first.number}/${first.premises}/${first.isu}`;
    const { body: list } = await t.json<Collection<Bill>>('manager', {
      method: 'GET',
      url: `/api/v2/bills?number=${encodeURIComponent(number)}&status=unfiscalized`,
    });
    expect(list.member.map((b) => [b.number, b.status, b.attempts, b.lastError])).toEqual([[number, 'unfiscalized', 1, 'network']]);
    const bill = list.member[0] as Bill;
    expect(bill.deliverBy).toBe(new Date(first.issuedAt.getTime() + 48 * 3600_000).toISOString());
    const { body: attempts } = await t.json<Collection<BillAttempt>>('accountant', {
      method: 'GET',
      url: `/api/v2/bill-attempts?bill=${bill.id}`,
    });
    expect(attempts.member.map((a) => [a.billNumber, a.outcome, a.late, a.errorCode])).toEqual([[number, 'network', false, 'network']]);
    expect(attempts.member[0]?.requestXml).toContain('<tns:RacunZahtjev');
    // A worker has no bills; a company without the bills module neither.
    expect((await t.as('worker', { method: 'GET', url: '/api/v2/bills' })).statusCode).toBe(403);
    expect((await t.as('otherManager', { method: 'GET', url: `/api/v2/bills/${bill.id}` })).statusCode).toBe(403);
    expect((await t.as('manager', { method: 'GET', url: '/api/v2/bills?status=maybe' })).statusCode).toBe(400);
    expect((await t.as('manager', { method: 'GET', url: '/api/v2/bills?number=0/x' })).statusCode).toBe(400);
  });
});

describe('the job queue', () => {
  it('fiscalizes new bills in the background, without anyone asking', async () => {
    const q = await testApp({ jobs: true, simulatedCis: cis });
    const location = await firstOf<Location>(q, '/api/v2/locations?name=Riva — caffe');
    const { device, logger } = await createDeviceWithLogger(q, { location: location['@id'], isuNumber: '4242' });
    await sendEvents(q, logger, [{ seq: 1, at: minutesAgo(3), type: 'coin', valueCents: 200 }] as EventInput[]);
    const deadline = Date.now() + 20_000;
    let jir: string | null = null;
    while (Date.now() < deadline && !jir) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      jir = (await q.db.select().from(bills).where(eq(bills.deviceId, device.id)))[0]?.jir ?? null;
    }
    expect(jir).toMatch(/^[0-9a-f-]{36}$/);
  });
});
