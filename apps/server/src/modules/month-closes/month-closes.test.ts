import { type FinanceReport, type MonthClose, type MonthCloses, VIEW_HEADER } from '@kovanica/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, bills, deviceDaily, monthCloses } from '../../db/schema/index.ts';
import { testApp } from '../../testing/app.ts';
import { createDeviceWithLogger, createLessor, createLocation, sendEvents, standsSince } from '../../testing/fixtures.ts';
import { zagrebMidnight } from './landing.ts';

/**
 * Month close (docs/rules.md "Month close"), on fixed months of 2025 so it reads the same on any day:
 * a company whose first activity is October 2025 closes October once its bills are fiscalized; a
 * later change of the rent and a late batch of October change nothing of October, and the late money
 * is counted on 1 November as an adjustment naming October.
 */
const t = await testApp();

const company = '/api/v2/companies/1';
// The demo company's own activity (its demo bills and deposits of today) is after 2025: the test's
// October is its first month.
const lessor = await createLessor(t, { rentalType: 'percentage', rentalPercentage: 10 });
const place = await createLocation(t, { lessor: lessor['@id'], fiscalization: true, premisesLabel: 'MC1' });
const { device, logger } = await createDeviceWithLogger(t, { location: place['@id'], isuNumber: '7001' });
await standsSince(t, [device], new Date('2025-09-01T00:00:00Z'));

await sendEvents(t, logger, [
  { seq: 1, at: '2025-10-10T09:00:00Z', type: 'coin', valueCents: 100, count: 20 },
  { seq: 2, at: '2025-10-31T22:30:00Z', type: 'cashless', valueCents: 1000 }, // 31 October 23:30 in Zagreb
  { seq: 3, at: '2025-11-05T09:00:00Z', type: 'coin', valueCents: 200, count: 10 },
]);

const months = async (user = 'accountant') => {
  const res = await t.json<MonthCloses>(user, { url: `/api/v2/month-closes?company=${company}` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.member;
};
const monthOf = async (month: string, user = 'accountant') => {
  const found = (await months(user)).find((m) => m.month === month);
  if (!found) throw new Error(`no ${month}`);
  return found;
};
const finance = async (from: string, to: string) => {
  const res = await t.json<FinanceReport>('manager', {
    url: `/api/v2/finance-report?subject=location&from=${from}&to=${to}&period=month&location=${place['@id']}`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const close = (month: string, user = 'accountant') =>
  t.json<MonthClose>(user, { method: 'POST', url: '/api/v2/month-closes', payload: { month, company } });

describe('month close', () => {
  it('lists the months from the first with activity, and refuses to close what waits, what has not ended and out of order', async () => {
    const october = await monthOf('2025-10');
    expect(october.status).toBe('open');
    // The two machine payments of October are bills not yet fiscalized.
    expect(october.unfiscalizedBills).toBe(2);
    expect(october.closable).toBe(false);
    const waiting = await close('2025-10');
    expect(waiting.status).toBe(409);
    expect(JSON.stringify(waiting.body)).toContain('month_waiting');
    // November waits on its own bill, and October before it is open.
    expect((await close('2025-11')).status).toBe(409);
    const current = (await months())[0] as MonthClose;
    expect(current.status).toBe('current');
    const now = await close(current.month);
    expect(now.status).toBe(409);
    expect(JSON.stringify(now.body)).toContain('month_not_past');
    // Nothing was written.
    expect(await t.db.select().from(monthCloses)).toHaveLength(0);
  });

  it('closes October once its bills are fiscalized, in the audit trail, for accountants but not workers', async () => {
    // As CIS would answer them (sending is the bills' tests').
    await t.db.update(bills).set({ jir: sql`gen_random_uuid()::text`, fiscalizedAt: sql`issued_at + interval '2 seconds'` });
    expect((await monthOf('2025-10')).closable).toBe(true);
    expect((await close('2025-10', 'worker')).status).toBe(403);
    const before = await finance('2025-10-01', '2025-11-30');
    const done = await close('2025-10');
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body).toMatchObject({ month: '2025-10', status: 'closed', closedByName: expect.any(String) });
    expect(done.body['@id']).toMatch(/^\/api\/v2\/month-closes\/\d+$/);
    // Its figures did not move by closing it.
    expect(await finance('2025-10-01', '2025-11-30')).toEqual(before);
    expect((await close('2025-10')).body).toMatchObject({ status: 409 });
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'month-closes'), eq(auditLog.action, 'close')));
    expect(trail).toHaveLength(1);
  });

  it('keeps October’s rent and figures through a new rent and a late batch, and counts the late money on 1 November', async () => {
    const before = await finance('2025-10-01', '2025-10-31');
    const [octoberLine] = before.rows;
    // 20 € coins + 10 € cashless at 10 %: 3 € rent.
    expect(octoberLine?.grossCents).toBe(3000);
    expect(octoberLine?.rentCents).toBe(300);
    const novemberBefore = (await finance('2025-11-01', '2025-11-30')).rows[0];

    // The lessor's terms change: 50 %. October keeps the terms it was closed with; November takes the new.
    const patched = await t.json('manager', {
      method: 'PATCH',
      url: lessor['@id'],
      payload: { rentalPercentage: 50 },
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);

    // A late batch of October: 5 € in coins on 20 October, and a cashless payment of 4 € (a bill).
    await sendEvents(t, logger, [
      { seq: 4, at: '2025-10-20T10:00:00Z', type: 'coin', valueCents: 100, count: 5 },
      { seq: 5, at: '2025-10-20T10:05:00Z', type: 'cashless', valueCents: 400 },
    ]);

    const after = await finance('2025-10-01', '2025-10-31');
    expect(after.rows[0]?.grossCents).toBe(3000);
    expect(after.rows[0]?.rentCents).toBe(300);
    const november = (await finance('2025-11-01', '2025-11-30')).rows[0];
    expect(november?.grossCents).toBe((novemberBefore?.grossCents ?? 0) + 900);
    // November's rent is on the new terms, and on the late money too.
    expect(november?.rentCents).toBe(Math.round(((novemberBefore?.grossCents ?? 0) + 900) * 0.5));

    // Counted on 1 November, named as October's.
    const [row] = await t.db
      .select()
      .from(deviceDaily)
      .where(and(eq(deviceDaily.deviceId, device.id), eq(deviceDaily.day, '2025-11-01')));
    expect(row?.coinsCents).toBe(500);
    expect(row?.cashlessCents).toBe(400);
    expect((await monthOf('2025-11')).adjustments).toEqual([{ month: '2025-10', events: 2, grossCents: 900, vatCents: 180 }]);
    expect((await monthOf('2025-10')).counted).toEqual([{ month: '2025-11', events: 2, grossCents: 900, vatCents: 180 }]);

    // Its bill is issued in November, no earlier than its first instant.
    const [late] = await t.db
      .select()
      .from(bills)
      .where(and(eq(bills.deviceId, device.id), eq(bills.seq, 5)));
    expect(late?.issuedAt.getTime()).toBeGreaterThanOrEqual(zagrebMidnight('2025-11-01').getTime());
    expect(late?.issuedAt.getTime()).toBeLessThan(zagrebMidnight('2025-12-01').getTime());
  });

  it('is reopened by a manager with a reason, the last closed month only, in the audit trail', async () => {
    const october = await monthOf('2025-10');
    const url = `${october['@id']}/reopen`;
    expect((await t.json('accountant', { method: 'POST', url, payload: { reason: 'A late deposit to correct' } })).status).toBe(403);
    const short = await t.json('manager', { method: 'POST', url, payload: { reason: 'late' } });
    expect(short.status).toBe(422);
    const done = await t.json<MonthClose>('manager', { method: 'POST', url, payload: { reason: 'A late deposit to correct' } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({
      month: '2025-10',
      status: 'open',
      '@id': null,
      reopenReason: 'A late deposit to correct',
      reopenedByName: expect.any(String),
    });
    expect((await t.json('manager', { method: 'POST', url, payload: { reason: 'A late deposit to correct' } })).status).toBe(409);
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'month-closes'), eq(auditLog.action, 'reopen')));
    expect(trail).toHaveLength(1);
    // Open again, October reads today's terms.
    expect((await finance('2025-10-01', '2025-10-31')).rows[0]?.rentCents).toBe(1500);
  });

  it('answers 404 for another company’s close and 400 without a company in the All Companies view', async () => {
    const res = await t.json('manager@drugi.test', { url: '/api/v2/month-closes?company=/api/v2/companies/1' });
    expect(res.status).toBe(404);
    const all = await t.json('admin', { url: '/api/v2/month-closes', headers: { [VIEW_HEADER]: 'all' } });
    expect(all.status).toBe(400);
    const named = await t.json('admin', { url: `/api/v2/month-closes?company=${company}`, headers: { [VIEW_HEADER]: 'all' } });
    expect(named.status).toBe(200);
  });
});
