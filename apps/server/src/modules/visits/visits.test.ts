import {
  addDays,
  businessDate,
  type Collection,
  type Company,
  type Deposit,
  type Device,
  type Visit,
  type VisitProposal,
  type VisitStop,
} from '@kovanica/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alarms, auditLog, deposits, emptyings } from '../../db/schema/index.ts';
import { mergePatch, testApp } from '../../testing/app.ts';
import {
  createCompany,
  createDeviceWithLogger,
  createLocation,
  createUser,
  type EventInput,
  releaseHeld,
  sendEvents,
} from '../../testing/fixtures.ts';
import { zagrebMidnight } from '../month-closes/month-closes.service.ts';
import { planRoute } from './visits.route.ts';

const t = await testApp();
const HOUR = 3_600_000;
const today = businessDate();
/** An instant `days` whole days and `hours` hours ago. */
const ago = (days: number, hours = 0) => new Date(Date.now() - days * 86_400_000 - hours * HOUR).toISOString();

/** Notes of 10,00 € a minute apart from `start` (ISO) until they make `cents`: a plausible pace for the machine. */
function notes(cents: number, start: string, seq: number): EventInput[] {
  const events: EventInput[] = [];
  for (let i = 0; i < cents / 1000; i++)
    events.push({
      seq: seq + i,
      at: new Date(new Date(start).getTime() + i * 60_000).toISOString(),
      type: 'note',
      valueCents: 1000,
      count: 1,
    });
  return events;
}

/** A device of the company at the location, its box holding what the events brought. */
async function deviceWith(user: string, location: string | null, capacity: number | null, events: (seq: number) => EventInput[]) {
  const { device, logger } = await createDeviceWithLogger(t, { location, cashBoxCapacityCents: capacity }, user);
  await sendEvents(t, logger, events(1));
  await releaseHeld(t, logger);
  // The logger is heard now: online, so the expected cash is the box as counted.
  await sendEvents(t, logger, [{ seq: 9000, at: new Date().toISOString(), type: 'heartbeat' }]);
  return { device, logger };
}

const iriIds = (stops: readonly { device: string }[]) => stops.map((s) => s.device);

/** A company of its own (depot in Zagreb's centre) with a manager, two workers and an accountant. */
async function ownCompany() {
  const company = await createCompany(t, {
    activeModules: ['devices', 'deposits'],
    depotLatitude: 45.8131,
    depotLongitude: 15.9775,
  });
  const user = async (role: 'manager' | 'worker' | 'accountant') => (await createUser(t, { company: company['@id'], roles: [role] })).email;
  return {
    company,
    manager: await user('manager'),
    worker: await user('worker'),
    otherWorker: await user('worker'),
    accountant: await user('accountant'),
  };
}

describe('the visits proposal', () => {
  it('takes exactly the devices due, in route order from the depot, with the totals', async () => {
    const { company, manager } = await ownCompany();
    const near = await createLocation(t, { latitude: 45.815, longitude: 15.98 }, manager);
    const far = await createLocation(t, { latitude: 45.8, longitude: 15.9 }, manager);
    const middle = await createLocation(t, { latitude: 45.81, longitude: 15.95 }, manager);
    // Filled to 90 % a day and an hour ago, so that is its intake too (64,29 € a day: full in two days): due
    // ("fill", "full_soon"). Before this Zagreb day whatever the hour: taken today it would not count.
    const full = await deviceWith(manager, far['@id'], 10_000, (seq) => notes(9000, ago(1, 1), seq));
    // 140,00 € over the last 14 days (10,00 € a day), emptied 5 days ago; 70,00 € in it: 70 %, full in 3 days.
    const soon = await deviceWith(manager, near['@id'], 10_000, (seq) => [
      ...notes(7000, ago(10), seq),
      { seq: seq + 100, at: ago(5), type: 'emptying', coinsCents: 7000, tokens: 0 },
      ...notes(7000, ago(3), seq + 200),
    ]);
    // 10 %: not due, unless an alarm says so.
    const alarmed = await deviceWith(manager, middle['@id'], 10_000, (seq) => notes(1000, ago(0, 2), seq));
    const quiet = await deviceWith(manager, middle['@id'], 10_000, (seq) => notes(1000, ago(0, 2), seq));
    // A full box without a capacity is never "filled"; one without a location goes last.
    await deviceWith(manager, near['@id'], null, (seq) => notes(9000, ago(0, 4), seq));
    const nowhere = await deviceWith(manager, null, 5000, (seq) => notes(5000, ago(0, 4), seq));
    await t.db.insert(alarms).values({
      companyId: company.id,
      kind: 'device_critical',
      subject: `devices/${alarmed.device.id}`,
      deviceId: alarmed.device.id,
      raisedAt: new Date(),
    });

    const proposal = async (day: string) =>
      (await t.json<VisitProposal>(manager, { url: `/api/v2/visits/proposal?day=${day}&company=${company['@id']}` })).body;
    const due = await proposal(today);
    const byDevice = new Map(due.stops.map((s) => [s.device, s]));
    expect(byDevice.get(full.device['@id'])).toMatchObject({
      reasons: ['fill', 'full_soon'],
      expectedCents: 9000,
      fillPercent: 90,
      fullOn: addDays(today, 2),
      position: expect.any(Number),
    });
    expect(byDevice.get(alarmed.device['@id'])).toMatchObject({ reasons: ['alarm'], expectedCents: 1000, fillPercent: 10 });
    expect(byDevice.get(nowhere.device['@id'])).toMatchObject({
      reasons: ['fill', 'full_soon'],
      fillPercent: 100,
      fullOn: today,
      point: null,
    });
    // 70 % and full in 3 days: not due today (today + 2), due tomorrow.
    expect(byDevice.has(soon.device['@id'])).toBe(false);
    expect(byDevice.has(quiet.device['@id'])).toBe(false);
    expect(due.stops).toHaveLength(3);
    // The route: planRoute from the depot over those with a point, the one without last.
    const points = new Map([
      [full.device.id, { lat: 45.8, lng: 15.9 }],
      [alarmed.device.id, { lat: 45.81, lng: 15.95 }],
    ]);
    const route = planRoute(
      due.start,
      [...points].map(([id, p]) => ({ id, ...p })),
    );
    expect(iriIds(due.stops)).toEqual([...route.order.map((id) => `/api/v2/devices/${id}`), nowhere.device['@id']]);
    expect(due.stops.map((s) => s.position)).toEqual([1, 2, 3]);
    expect(due).toMatchObject({
      day: today,
      company: company['@id'],
      start: { lat: 45.8131, lng: 15.9775 },
      fillPercent: 80,
      fullWithinDays: 2,
      distanceMetres: Math.round(route.metres),
      expectedCents: 9000 + 1000 + 5000,
    });

    // The devices' own state carries the same outlook (the list, the map).
    const soonState = (await t.json<Device>(manager, { url: soon.device['@id'] })).body.state;
    expect(soonState).toMatchObject({
      cashInBoxCents: 7000,
      dailyIntakeCents: 1000,
      expectedCashCents: 7000,
      fillPercent: 70,
      fullOn: addDays(today, 3),
    });
    // A day that is no date: refused, in the caller's language.
    const bad = await t.json<{ detail: string }>(manager, {
      url: '/api/v2/visits/proposal?day=2026-13-45',
      headers: { 'accept-language': 'hr' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/day/);

    const tomorrow = await proposal(addDays(today, 1));
    expect(tomorrow.stops.find((s) => s.device === soon.device['@id'])).toMatchObject({
      reasons: ['full_soon'],
      expectedCents: 7000,
      fillPercent: 70,
      fullOn: addDays(today, 3),
    });
    // The company's rule: 60 % makes the 70 % box due by its fill too.
    await t.json(manager, { method: 'PATCH', url: company['@id'], headers: mergePatch, payload: { visitFillPercent: 60 } });
    expect((await proposal(today)).stops.find((s) => s.device === soon.device['@id'])?.reasons).toEqual(['fill']);
  });

  it('leaves out the devices already on a stop still to do that day', async () => {
    const { company, manager } = await ownCompany();
    const place = await createLocation(t, { latitude: 45.82, longitude: 15.99 }, manager);
    const a = await deviceWith(manager, place['@id'], 10_000, (seq) => notes(9000, ago(0, 5), seq));
    const b = await deviceWith(manager, place['@id'], 10_000, (seq) => notes(9500, ago(0, 5), seq));
    const url = `/api/v2/visits/proposal?company=${company['@id']}`;
    expect(iriIds((await t.json<VisitProposal>(manager, { url })).body.stops)).toEqual([a.device['@id'], b.device['@id']]);
    const created = await t.json<Visit>(manager, {
      method: 'POST',
      url: '/api/v2/visits',
      payload: { company: company['@id'], day: today, worker: null, devices: [a.device['@id']] },
    });
    expect(created.status).toBe(201);
    expect(iriIds((await t.json<VisitProposal>(manager, { url })).body.stops)).toEqual([b.device['@id']]);
    // Tomorrow it is free again; and a second visit of the day may not take it.
    expect(iriIds((await t.json<VisitProposal>(manager, { url: `${url}&day=${addDays(today, 1)}` })).body.stops)).toHaveLength(2);
    const twice = await t.json<{ violations: { propertyPath: string; message: string }[] }>(manager, {
      method: 'POST',
      url: '/api/v2/visits',
      payload: { company: company['@id'], day: today, worker: null, devices: [b.device['@id'], a.device['@id']] },
    });
    expect(twice.status).toBe(422);
    expect(twice.body.violations[0]).toMatchObject({ propertyPath: 'devices.1' });
    expect(twice.body.violations[0]?.message).toContain(a.device.name);
  });
});

describe('visits', () => {
  /** Two devices of Zabavni (the demo's company 1) with cash in their boxes, at two places. */
  async function twoDevices() {
    const one = await createLocation(t, { latitude: 45.33, longitude: 14.44 });
    const two = await createLocation(t, { latitude: 45.34, longitude: 14.41 });
    const a = await deviceWith('manager', one['@id'], 20_000, (seq) => [
      ...notes(3000, ago(0, 6), seq),
      { seq: seq + 50, at: ago(0, 5), type: 'token', count: 2 },
    ]);
    const b = await deviceWith('manager', two['@id'], 20_000, (seq) => notes(5000, ago(0, 6), seq));
    return [a, b] as const;
  }
  const workerIri = async () =>
    (await t.json<Collection<{ '@id': string; email: string }>>('admin', { url: '/api/v2/users?email=worker@zabavni.test' })).body
      .member[0]?.['@id'] ?? '';
  const create = (user: string, devices: Device[], worker: string | null = null, day = today) =>
    t.json<Visit>(user, { method: 'POST', url: '/api/v2/visits', payload: { day, worker, devices: devices.map((d) => d['@id']) } });
  const done = (user: string, visit: Visit, stop: VisitStop, key: string | null, payload: object = {}) =>
    t.json<VisitStop & { detail: string; message: string }>(user, {
      method: 'POST',
      url: `${visit['@id']}/stops/${stop.id}/done`,
      headers: key === null ? {} : { 'idempotency-key': key },
      payload,
    });

  it('are planned by managers, read by accountants, and seen by a worker only when theirs', async () => {
    const [a, b] = await twoDevices();
    const luka = await workerIri();
    const made = await create('manager', [a.device, b.device], luka);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      worker: luka,
      workerName: 'Luka Babić',
      stopsDone: 0,
      expectedCents: 8000,
      createdByName: 'Marko Horvat',
    });
    expect(made.body.stops.map((s) => [s.deviceName, s.status, s.expectedCents])).toHaveLength(2);
    const unassigned = await create('manager', [], null);
    expect(unassigned.status).toBe(422);

    const listed = async (user: string) =>
      (await t.json<Collection<Visit>>(user, { url: `/api/v2/visits?day=${today}&itemsPerPage=100` })).body.member.map((v) => v['@id']);
    expect(await listed('worker')).toContain(made.body['@id']);
    expect(await listed('accountant')).toContain(made.body['@id']);
    expect(await listed('otherManager')).not.toContain(made.body['@id']);
    expect((await t.as('otherManager', { url: made.body['@id'] })).statusCode).toBe(404);
    expect(
      (
        await t.as('accountant', {
          method: 'POST',
          url: '/api/v2/visits',
          payload: { day: today, worker: null, devices: [a.device['@id']] },
        })
      ).statusCode,
    ).toBe(403);

    // Reassigned to nobody: Luka no longer sees it.
    const patched = await t.json<Visit>('manager', {
      method: 'PATCH',
      url: made.body['@id'],
      headers: mergePatch,
      payload: { worker: null },
    });
    expect(patched.body).toMatchObject({ worker: null, workerName: null });
    expect(await listed('worker')).not.toContain(made.body['@id']);
    expect((await t.as('worker', { url: made.body['@id'] })).statusCode).toBe(404);
    // Only a worker of the company: a manager is not one.
    const manager = (await t.json<Collection<{ '@id': string }>>('admin', { url: '/api/v2/users?email=manager@zabavni.test' })).body
      .member[0];
    const wrong = await t.json<{ violations: { code: string; message: string }[] }>('manager', {
      method: 'PATCH',
      url: made.body['@id'],
      headers: { ...mergePatch, 'accept-language': 'hr' },
      payload: { worker: manager?.['@id'] },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.violations[0]?.message).toBe('Odaberite aktivnog korisnika tvrtke obilaska s ulogom radnika.');
    // Another company's device is refused.
    const other = (await t.json<Collection<Device>>('otherManager', { url: '/api/v2/devices?itemsPerPage=1' })).body.member[0] as Device;
    expect((await create('manager', [other])).status).toBe(422);

    expect((await t.as('accountant', { method: 'DELETE', url: made.body['@id'] })).statusCode).toBe(403);
    expect((await t.as('manager', { method: 'DELETE', url: made.body['@id'] })).statusCode).toBe(204);
    expect((await t.as('manager', { url: made.body['@id'] })).statusCode).toBe(404);
    // Each change in the audit trail: planned, reassigned, deleted.
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'visits'), eq(auditLog.recordId, made.body.id)));
    expect(trail.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
  });

  it('a stop done records one emptying and one deposit of what was in the box; the same key again answers the same', async () => {
    const [a, b] = await twoDevices();
    const visit = (await create('manager', [a.device, b.device], await workerIri())).body;
    const stop = visit.stops.find((s) => s.device === a.device['@id']) as VisitStop;
    expect((await done('worker', visit, stop, null)).status).toBe(400);
    const hr = await t.json<{ detail: string }>('worker', {
      method: 'POST',
      url: `${visit['@id']}/stops/${stop.id}/done`,
      headers: { 'accept-language': 'hr' },
      payload: {},
    });
    expect(hr.body.detail).toContain('Idempotency-Key');
    expect(hr.body.detail).toContain('zaglavlje');

    const first = await done('worker', visit, stop, 'key-1', { note: 'All fine' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      status: 'done',
      doneByName: 'Luka Babić',
      note: 'All fine',
      deposit: expect.stringMatching(/^\/api\/v2\/deposits\/\d+$/),
    });
    const deposit = (await t.json<Deposit>('manager', { url: first.body.deposit as string })).body;
    expect(deposit).toMatchObject({ reportedCoinsCents: 3000, reportedTokens: 2, status: 'awaiting_count', device: a.device['@id'] });
    const again = await done('worker', visit, stop, 'key-1', { note: 'All fine' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const rows = await t.db.select().from(emptyings).where(eq(emptyings.deviceId, a.device.id));
    expect(rows.map((r) => [r.countedCents, r.countedTokens, r.deviceCoinsCents])).toEqual([[3000, 2, null]]);
    expect(await t.db.select().from(deposits).where(eq(deposits.deviceId, a.device.id))).toHaveLength(1);
    // The box is empty now.
    expect((await t.json<Device>('manager', { url: a.device['@id'] })).body.state).toMatchObject({ cashInBoxCents: 0, tokensInBox: 0 });

    // Another key for the stop: 409, naming who did it and the deposit.
    const conflict = await done('manager', visit, stop, 'key-2');
    expect(conflict.status).toBe(409);
    expect(conflict.body.detail).toContain('Luka Babić');
    expect(conflict.body.detail).toContain(first.body.deposit as string);
    // A visit with a stop done stays.
    const refused = await t.json<{ detail: string }>('manager', { method: 'DELETE', url: visit['@id'] });
    expect(refused.status).toBe(409);
    expect((await t.json<Visit>('worker', { url: visit['@id'] })).body.stopsDone).toBe(1);
  });

  it('two dones at once with different keys: one emptying, the other 409; skipped records none', async () => {
    const [a, b] = await twoDevices();
    const visit = (await create('manager', [a.device, b.device], await workerIri())).body;
    const stopA = visit.stops.find((s) => s.device === a.device['@id']) as VisitStop;
    const answers = await Promise.all([done('worker', visit, stopA, 'phone-1'), done('manager', visit, stopA, 'phone-2')]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await t.db.select().from(emptyings).where(eq(emptyings.deviceId, a.device.id))).toHaveLength(1);

    const stopB = visit.stops.find((s) => s.device === b.device['@id']) as VisitStop;
    const skipped = await done('worker', visit, stopB, 'skip-1', { skipped: true, note: 'Shop closed' });
    expect(skipped.body).toMatchObject({ status: 'skipped', deposit: null, note: 'Shop closed' });
    expect(await t.db.select().from(emptyings).where(eq(emptyings.deviceId, b.device.id))).toHaveLength(0);
    // Malformed: an unknown field, a note too long.
    const bad = await t.json<{ violations: { propertyPath: string }[] }>('worker', {
      method: 'POST',
      url: `${visit['@id']}/stops/${stopB.id}/done`,
      headers: { 'idempotency-key': 'bad', 'accept-language': 'hr' },
      payload: { skipped: 'yes', note: 'x'.repeat(1001) },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.violations.map((v) => v.propertyPath).sort()).toEqual(['note', 'skipped']);
    expect((await done('worker', visit, { ...stopB, id: 999_999 }, 'missing')).status).toBe(404);
  });

  it('links a stop to the emptying its logger reported that day instead of recording another', async () => {
    const [a] = await twoDevices();
    // A minute ago, but in the visit's day: a minute into a Zagreb day, a minute ago was the day before.
    const at = Math.max(Date.now() - 60_000, zagrebMidnight(today).getTime());
    await sendEvents(t, a.logger, [{ seq: 9100, at: new Date(at).toISOString(), type: 'emptying', coinsCents: 3000, tokens: 2 }]);
    const [reported] = await t.db.select().from(emptyings).where(eq(emptyings.deviceId, a.device.id));
    const visit = (await create('manager', [a.device], await workerIri())).body;
    const answer = await done('worker', visit, visit.stops[0] as VisitStop, 'k');
    const [deposit] = await t.db
      .select()
      .from(deposits)
      .where(and(eq(deposits.deviceId, a.device.id)));
    expect(answer.body.deposit).toBe(`/api/v2/deposits/${deposit?.id}`);
    expect(deposit?.emptyingId).toBe(reported?.id);
    expect(await t.db.select().from(emptyings).where(eq(emptyings.deviceId, a.device.id))).toHaveLength(1);
  });

  it('a worker works only their own visit', async () => {
    const [a] = await twoDevices();
    const visit = (await create('manager', [a.device], null)).body;
    expect((await done('worker', visit, visit.stops[0] as VisitStop, 'w')).status).toBe(404);
    expect((await done('accountant', visit, visit.stops[0] as VisitStop, 'w')).status).toBe(403);
    expect((await done('otherManager', visit, visit.stops[0] as VisitStop, 'w')).status).toBe(404);
  });
});

/** The company settings of the plan: both depot coordinates or neither. */
describe('company visit settings', () => {
  it('are the managers’ own, within bounds, the depot both or neither', async () => {
    const patch = (payload: object, lang = 'en') =>
      t.json<Company & { violations: { message: string }[] }>('manager', {
        method: 'PATCH',
        url: '/api/v2/companies/1',
        headers: { ...mergePatch, 'accept-language': lang },
        payload,
      });
    expect((await patch({ visitFillPercent: 75, visitFullWithinDays: 3 })).body).toMatchObject({
      visitFillPercent: 75,
      visitFullWithinDays: 3,
    });
    const half = await patch({ depotLatitude: 45.8, depotLongitude: null }, 'hr');
    expect(half.status).toBe(422);
    expect(half.body.violations[0]?.message).toBe('Unesite i geografsku širinu i dužinu skladišta, ili ništa.');
    expect((await patch({ visitFillPercent: 0 })).status).toBe(422);
    expect(
      (await t.as('worker', { method: 'PATCH', url: '/api/v2/companies/1', headers: mergePatch, payload: { visitFillPercent: 50 } }))
        .statusCode,
    ).toBe(403);
  });
});
