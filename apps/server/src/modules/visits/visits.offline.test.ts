import {
  businessDate,
  type Collection,
  type Deposit,
  type Device,
  type StopDoneProblem,
  type Visit,
  type VisitStop,
} from '@kovanica/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, deposits, emptyings } from '../../db/schema/index.ts';
import { testApp } from '../../testing/app.ts';
import { createDeviceWithLogger, createLocation, type EventInput, releaseHeld, sendEvents } from '../../testing/fixtures.ts';
import { zagrebMidnight } from '../month-closes/month-closes.service.ts';

/** A stop done with its count in one request, as a phone sends what it queued offline (docs/rules.md "Visits"). */
const t = await testApp();
const today = businessDate();
const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/** A device of Zabavni with 30,00 € of notes and 2 tokens in its box. */
async function loadedDevice() {
  const place = await createLocation(t, { latitude: 45.33, longitude: 14.44 });
  const { device, logger } = await createDeviceWithLogger(t, { location: place['@id'], cashBoxCapacityCents: 20_000 }, 'manager');
  const events: EventInput[] = [0, 1, 2].map((i) => ({
    seq: 1 + i,
    at: new Date(Date.parse(ago(6)) + i * 60_000).toISOString(),
    type: 'note',
    valueCents: 1000,
    count: 1,
  }));
  events.push({ seq: 50, at: ago(5), type: 'token', count: 2 });
  await sendEvents(t, logger, events);
  await releaseHeld(t, logger);
  await sendEvents(t, logger, [{ seq: 9000, at: new Date().toISOString(), type: 'heartbeat' }]);
  return Object.assign(device, { logger });
}

const workerIri = async () =>
  (await t.json<Collection<{ '@id': string }>>('admin', { url: '/api/v2/users?email=worker@zabavni.test' })).body.member[0]?.['@id'] ?? '';

async function visitOf(device: Device) {
  const made = await t.json<Visit>('manager', {
    method: 'POST',
    url: '/api/v2/visits',
    payload: { day: today, worker: await workerIri(), devices: [device['@id']] },
  });
  expect(made.status).toBe(201);
  return { visit: made.body, stop: made.body.stops[0] as VisitStop };
}

const done = (user: string, visit: Visit, stop: VisitStop, key: string, payload: object, lang = 'en') =>
  t.json<VisitStop & Omit<StopDoneProblem, 'status'> & { violations?: { propertyPath: string; code: string; message: string }[] }>(user, {
    method: 'POST',
    url: `${visit['@id']}/stops/${stop.id}/done`,
    headers: { 'idempotency-key': key, 'accept-language': lang },
    payload,
  });

const reportsOf = async (depositId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'deposits'), eq(auditLog.recordId, depositId), eq(auditLog.action, 'report')));

const count = { depositCoinsCents: 2950, depositTokens: 2, note: 'One note torn' };

describe('a stop done with its count', () => {
  it('writes one emptying, one deposit counted with the figures and one report; the same key again writes nothing', async () => {
    const device = await loadedDevice();
    const { visit, stop } = await visitOf(device);
    const first = await done('worker', visit, stop, 'offline-1', { note: 'Basement', count });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      status: 'done',
      note: 'Basement',
      depositStatus: 'pending_verification',
      depositCoinsCents: 2950,
      depositTokens: 2,
    });
    const depositId = Number(first.body.deposit?.split('/').pop());
    const deposit = (await t.json<Deposit>('manager', { url: first.body.deposit as string })).body;
    expect(deposit).toMatchObject({
      reportedCoinsCents: 3000,
      reportedTokens: 2,
      depositCoinsCents: 2950,
      depositTokens: 2,
      differenceCoinsCents: -50,
      differenceTokens: 0,
      outsideTolerance: false,
      note: 'One note torn',
      status: 'pending_verification',
      reportedByName: 'Luka Babić',
    });
    // The count's instant is the stop's.
    expect(deposit.reportedAt).toBe(first.body.doneAt);

    // The phone sends its queued action again (the answer was lost): the same answer, nothing written.
    const again = await done('worker', visit, stop, 'offline-1', { note: 'Basement', count });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await t.db.select().from(emptyings).where(eq(emptyings.deviceId, device.id))).toHaveLength(1);
    const rows = await t.db.select().from(deposits).where(eq(deposits.deviceId, device.id));
    expect(rows.map((r) => [r.depositCoinsCents, r.depositTokens, r.reportKey])).toEqual([[2950, 2, 'offline-1']]);
    const reports = await reportsOf(depositId);
    expect(reports).toHaveLength(1);
    // The audit entry shows the count, not the client's key.
    expect(JSON.stringify(reports[0])).not.toContain('offline-1');
  });

  it('parallel replays of the same key write once', async () => {
    const device = await loadedDevice();
    const { visit, stop } = await visitOf(device);
    const answers = await Promise.all([1, 2, 3].map(() => done('worker', visit, stop, 'same-key', { count })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.deposit)).size).toBe(1);
    expect(await t.db.select().from(emptyings).where(eq(emptyings.deviceId, device.id))).toHaveLength(1);
    expect(await reportsOf(Number(answers[0]?.body.deposit?.split('/').pop()))).toHaveLength(1);
  });

  it('with skipped: 422 on count, in en and hr, nothing written', async () => {
    const device = await loadedDevice();
    const { visit, stop } = await visitOf(device);
    const en = await done('worker', visit, stop, 'skip', { skipped: true, count });
    expect(en.status).toBe(422);
    expect(en.body.violations?.map((v) => [v.propertyPath, v.code, v.message])).toEqual([
      ['count', 'count_with_skip', 'A skipped stop has no count: send the count only with a stop done.'],
    ]);
    const hr = await done('worker', visit, stop, 'skip', { skipped: true, count }, 'hr');
    expect(hr.body.violations?.[0]?.message).toBe('Preskočena stanica nema brojanja: brojanje pošaljite samo uz obavljenu stanicu.');
    // A count out of bounds is refused as the deposit's PATCH refuses it.
    const bad = await done('worker', visit, stop, 'bad', { count: { depositCoinsCents: -1, depositTokens: 1.5 } });
    expect(bad.status).toBe(422);
    expect(bad.body.violations?.map((v) => v.propertyPath).sort()).toEqual(['count.depositCoinsCents', 'count.depositTokens']);
    const after = (await t.json<Visit>('worker', { url: visit['@id'] })).body.stops[0];
    expect(after).toMatchObject({ status: 'to_do', deposit: null, depositStatus: null });
    expect(await t.db.select().from(emptyings).where(eq(emptyings.deviceId, device.id))).toHaveLength(0);
  });

  it('done by another person first: 409 stop_done with who, when and the deposit as members; nothing of it written', async () => {
    const device = await loadedDevice();
    const { visit, stop } = await visitOf(device);
    const manager = await done('manager', visit, stop, 'managers-phone', {});
    expect(manager.status).toBe(200);
    const depositId = Number(manager.body.deposit?.split('/').pop());
    const late = await done('worker', visit, stop, 'workers-phone', { count });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      type: '/api/v2/problems/stop_done',
      deposit: manager.body.deposit,
      doneByName: 'Marko Horvat',
      doneAt: manager.body.doneAt,
      stopStatus: 'done',
    });
    expect(late.body.detail).toContain('Marko Horvat');
    const hr = await done('worker', visit, stop, 'workers-phone', { count }, 'hr');
    expect(hr.body.detail).toContain('Ovu je stanicu već obavio/la Marko Horvat');
    expect(hr.body.deposit).toBe(manager.body.deposit);
    // The worker's count is not written: the deposit still awaits it.
    const [row] = await t.db.select().from(deposits).where(eq(deposits.id, depositId));
    expect(row).toMatchObject({ depositCoinsCents: null, depositTokens: null, reportKey: null, reportedAt: null });
    expect(await reportsOf(depositId)).toHaveLength(0);
  });

  it('the count of a verified deposit is refused (409) and the stop stays to do', async () => {
    // The logger's own emptying, counted and verified before the stop: the stop links to it.
    const device = await loadedDevice();
    // A minute ago, or just after midnight when the day is younger: the stop takes emptyings of its day only.
    const emptiedAt = Math.max(zagrebMidnight(today).getTime() + 1_000, Date.now() - 60_000);
    await sendEvents(t, device.logger, [
      { seq: 9100, at: new Date(emptiedAt).toISOString(), type: 'emptying', coinsCents: 3000, tokens: 2 },
    ]);
    const [row] = await t.db.select().from(deposits).where(eq(deposits.deviceId, device.id));
    const iri = `/api/v2/deposits/${row?.id}`;
    const counted = await t.json<Deposit>('worker', {
      method: 'PATCH',
      url: iri,
      headers: { 'content-type': 'application/merge-patch+json' },
      payload: { depositCoinsCents: 3000, depositTokens: 2 },
    });
    expect(counted.status).toBe(200);
    const verified = await t.json('manager', { method: 'POST', url: '/api/v2/deposits/verify', payload: { deposits: [iri] } });
    expect(verified.body).toEqual({ verified: 1 });
    const { visit, stop } = await visitOf(device);
    const refused = await done('worker', visit, stop, 'late-count', { count });
    expect(refused.status).toBe(409);
    expect(refused.body.type).toBe('/api/v2/problems/deposit_verified');
    expect((await t.json<Visit>('worker', { url: visit['@id'] })).body.stops[0]).toMatchObject({ status: 'to_do', deposit: null });
    // Without the count, the stop is done into that deposit, verified as it was.
    const plain = await done('worker', visit, stop, 'plain', {});
    expect(plain.body).toMatchObject({ status: 'done', deposit: iri, depositStatus: 'verified', depositCoinsCents: 3000 });
  });

  it('emptied when the worker tapped: the period closes then, what came after stays in the box; not in the future, not before the day', async () => {
    const device = await loadedDevice();
    const { visit, stop } = await visitOf(device);
    // The tap: twenty minutes ago (or at a third of the day, when it is younger), then a note came in.
    const dayStart = zagrebMidnight(today).getTime();
    const span = Math.min(20 * 60_000, Date.now() - dayStart);
    const tapped = Date.now() - Math.round(span * 0.66);
    const later = new Date(Date.now() - Math.round(span * 0.33)).toISOString();
    await sendEvents(t, device.logger, [{ seq: 100, at: later, type: 'note', valueCents: 1000, count: 1 }]);
    const future = await done('worker', visit, stop, 'when-0', { at: new Date(Date.now() + 3_600_000).toISOString() }, 'hr');
    expect(future.status).toBe(422);
    expect(future.body.violations).toEqual([{ propertyPath: 'at', code: 'in_future', message: 'Vrijeme ne smije biti u budućnosti.' }]);
    const early = await done('worker', visit, stop, 'when-1', { at: new Date(dayStart - 60_000).toISOString() });
    expect(early.status).toBe(422);
    expect(early.body.violations?.[0]).toMatchObject({ propertyPath: 'at', code: 'before_visit_day' });

    const answer = await done('worker', visit, stop, 'when-2', { at: new Date(tapped).toISOString(), count });
    expect(answer.status).toBe(200);
    expect(Date.parse(answer.body.doneAt ?? '')).toBe(tapped);
    const [emptying] = await t.db.select().from(emptyings).where(eq(emptyings.deviceId, device.id));
    expect(emptying?.at.getTime()).toBe(tapped);
    // The box's 30,00 € and 2 tokens up to the tap are the deposit's; the 10,00 € note after it waits in the box.
    const [deposit] = await t.db
      .select()
      .from(deposits)
      .where(eq(deposits.emptyingId, emptying?.id ?? 0));
    expect(deposit).toMatchObject({ reportedCoinsCents: 3000, reportedTokens: 2, depositCoinsCents: 2950 });
    const after = await t.json<Device>('manager', { url: device['@id'] });
    expect(after.body.state.cashInBoxCents).toBe(1000);
  });
});
