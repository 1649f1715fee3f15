import {
  type AuditEntry,
  type Collection,
  type Device,
  type Location,
  PLAUSIBILITY,
  type Problem,
  type TelemetryHold,
} from '@kovanica/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deviceState, telemetryHolds } from '../../db/schema/index.ts';
import { mergePatch, testApp } from '../../testing/app.ts';
import { createDeviceWithLogger, type EventInput, firstOf, sendEvents } from '../../testing/fixtures.ts';

// The routes of held telemetry (docs/rules.md "Plausibility"; the rule itself and what a release counts
// are in telemetry/plausibility.test.ts): who may list and decide, once, in the caller's language, and
// what a decision leaves behind (the figures, the device's state, the audit trail).

const t = await testApp();
const home = await firstOf<Location>(t, '/api/v2/locations?name=Riva — caffe');
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/** A new device of Zabavni's whose logger sent a 500 € note on a 2 € ride (held), and a coin (counted). */
async function heldDevice() {
  const { device, logger } = await createDeviceWithLogger(t, { location: home['@id'] });
  const batch: EventInput[] = [
    { seq: 1, at: minutesAgo(30), type: 'coin', valueCents: 200 },
    { seq: 2, at: minutesAgo(29), type: 'note', valueCents: 50_000 },
  ];
  expect(await sendEvents(t, logger, batch)).toMatchObject({ accepted: 2 });
  const list = await t.json<Collection<TelemetryHold>>('manager', { method: 'GET', url: `/api/v2/telemetry-holds?device=${device.id}` });
  expect(list.status).toBe(200);
  const [hold] = list.body.member;
  if (!hold) throw new Error('no hold');
  const revenue = async () => {
    const result = (await t.db.execute(
      sql`select coalesce(sum(coins_cents + notes_cents), 0) as cents from device_daily where device_id = ${device.id}`,
    )) as unknown as { rows: { cents: string | number }[] };
    return Number(result.rows[0]?.cents ?? 0);
  };
  const state = async () => (await t.db.select().from(deviceState).where(eq(deviceState.deviceId, device.id)))[0];
  return { device, logger, hold, revenue, state, batch };
}

const decide = (user: string, hold: { id: number }, action: 'release' | 'discard', payload?: object, lang = 'en') =>
  t.json<TelemetryHold & Omit<Problem, 'status'>>(user, {
    method: 'POST',
    url: `/api/v2/telemetry-holds/${hold.id}/${action}`,
    headers: { 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });

describe('held telemetry', () => {
  it('is listed with why it was held, and released by a manager: counted, the device no longer critical, in the audit trail', async () => {
    const { device, hold, revenue, state } = await heldDevice();
    expect(hold).toMatchObject({
      device: device['@id'],
      deviceName: device.name,
      rule: 'payment',
      seq: 2,
      valueCents: 50_000,
      limitCents: 10_000,
      events: 2,
      amountCents: 50_200,
      status: 'held',
      decidedAt: null,
      decidedBy: null,
    });
    expect(hold.loggerImei).toMatch(/^\d{15}$/);
    expect(await revenue()).toBe(0);
    // The device's list shows it critical, with the plausibility code.
    const shown = await t.json<Device>('manager', { method: 'GET', url: device['@id'] });
    expect(shown.body.state).toMatchObject({ critical: true, criticalCode: PLAUSIBILITY.code });
    // The status filter.
    const waiting = await t.json<Collection<TelemetryHold>>('manager', { method: 'GET', url: '/api/v2/telemetry-holds?status=held' });
    expect(waiting.body.member.map((h) => h.id)).toContain(hold.id);

    const released = await decide('manager', hold, 'release', { note: 'Confirmed with the location: a 500 € note for change.' });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(released.body).toMatchObject({
      status: 'released',
      decidedByName: 'Marko Horvat',
      decisionNote: 'Confirmed with the location: a 500 € note for change.',
    });
    expect(released.body.decidedAt).not.toBeNull();
    expect(await revenue()).toBe(50_200);
    expect(await state()).toMatchObject({ critical: false, criticalCode: null });
    // The cached device read hears of it (the route bumps what the batch route bumps).
    const after = await t.json<Device>('manager', { method: 'GET', url: device['@id'] });
    expect(after.body.state).toMatchObject({ critical: false });
    const trail = await t.json<Collection<AuditEntry>>('manager', {
      method: 'GET',
      url: `/api/v2/audit-log?resource=telemetry-holds&recordId=${hold.id}`,
    });
    expect(trail.body.member).toHaveLength(1);
    expect(trail.body.member[0]).toMatchObject({
      action: 'release',
      actor: 'manager@zabavni.test',
      before: { status: 'held', decidedAt: null },
      after: { status: 'released', decisionNote: 'Confirmed with the location: a 500 € note for change.' },
    });

    // Once: a second decision is a 409 in the caller's language, and changes nothing.
    const again = await decide('manager', hold, 'discard', undefined, 'hr');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ type: '/api/v2/problems/hold_decided' });
    expect(again.body.detail).toContain('više nije zadržan');
    expect(await revenue()).toBe(50_200);
  });

  it('is discarded for good: counted nowhere, the device no longer critical, a resend still a duplicate', async () => {
    const { hold, revenue, state, logger, batch } = await heldDevice();
    const discarded = await decide('manager', hold, 'discard');
    expect(discarded.status).toBe(200);
    expect(discarded.body).toMatchObject({ status: 'discarded', decisionNote: null, decidedByName: 'Marko Horvat' });
    expect(await revenue()).toBe(0);
    expect(await state()).toMatchObject({ critical: false });
    expect(await sendEvents(t, logger, batch)).toMatchObject({ accepted: 0, duplicates: 2 });
    expect((await decide('manager', hold, 'release')).status).toBe(409);
  });

  it('is decided once under parallel decisions: one answer is 200, the others 409, and the batch is counted once', async () => {
    const { hold, revenue } = await heldDevice();
    const answers = await Promise.all([
      decide('manager', hold, 'release'),
      decide('manager', hold, 'release'),
      decide('admin', hold, 'release'),
      decide('manager', hold, 'discard'),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    const [row] = await t.db.select().from(telemetryHolds).where(eq(telemetryHolds.id, hold.id));
    expect(await revenue()).toBe(row?.status === 'released' ? 50_200 : 0);
  });

  it('is read by accountants, decided by managers and admins only, and hidden from workers and other companies', async () => {
    const { hold, revenue } = await heldDevice();
    expect((await t.as('accountant', { method: 'GET', url: hold['@id'] })).statusCode).toBe(200);
    expect((await decide('accountant', hold, 'release')).status).toBe(403);
    expect((await t.as('worker', { method: 'GET', url: '/api/v2/telemetry-holds' })).statusCode).toBe(403);
    expect((await decide('worker', hold, 'discard')).status).toBe(403);
    // Another company's manager: not theirs to see, so not found.
    expect((await t.as('otherManager', { method: 'GET', url: hold['@id'] })).statusCode).toBe(404);
    expect((await decide('otherManager', hold, 'release')).status).toBe(404);
    const theirs = await t.json<Collection<TelemetryHold>>('otherManager', { method: 'GET', url: '/api/v2/telemetry-holds' });
    expect(theirs.body.member.map((h) => h.id)).not.toContain(hold.id);
    expect((await decide('manager', { id: 2_000_000_000 }, 'release')).status).toBe(404);
    expect(await revenue()).toBe(0);
    expect((await decide('admin', hold, 'release')).status).toBe(200);
  });

  it('refuses a malformed body with a 4xx and changes nothing', async () => {
    const { hold, revenue } = await heldDevice();
    for (const payload of [{ note: 5 }, { note: 'x'.repeat(501) }, { status: 'released' }, [1, 2]]) {
      const res = await decide('manager', hold, 'release', payload);
      expect(res.status, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const notANumber = await t.as('manager', { method: 'POST', url: '/api/v2/telemetry-holds/abc/release' });
    expect(notANumber.statusCode).toBe(404);
    expect(await revenue()).toBe(0);
    const [row] = await t.db.select().from(telemetryHolds).where(eq(telemetryHolds.id, hold.id));
    expect(row?.status).toBe('held');
  });

  it('is not released for another device once its logger was moved; the 409 says to discard it', async () => {
    const { device, hold, revenue } = await heldDevice();
    const res = await t.as('manager', { method: 'PATCH', url: device['@id'], headers: mergePatch, payload: { logger: null } });
    expect(res.statusCode, res.body).toBe(200);
    const refused = await decide('manager', hold, 'release');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ type: '/api/v2/problems/hold_moved' });
    expect(await revenue()).toBe(0);
    expect((await decide('manager', hold, 'discard')).status).toBe(200);
  });

  it('keeps its device and logger from being deleted, and says why', async () => {
    const { device, logger } = await heldDevice();
    const res = await t.json<Problem>('manager', { method: 'DELETE', url: device['@id'] });
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain('telemetry batches held as implausible');
    // Its logger, unfitted, keeps its held batch too.
    await t.as('manager', { method: 'PATCH', url: device['@id'], headers: mergePatch, payload: { logger: null } });
    const loggerDelete = await t.json<Problem>('manager', { method: 'DELETE', url: `/api/v2/loggers/${logger.id}` });
    expect(loggerDelete.status).toBe(409);
    expect(loggerDelete.body.detail).toContain('telemetry batches held as implausible');
  });
});
