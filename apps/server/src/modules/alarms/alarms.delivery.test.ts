import { type Alarm, type Collection, formatTime, type Location, type Problem, type Tag, type User, zagrebParts } from '@kovanica/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { alarmDeliveries, alarms, companies, mails, pushSubscriptions, users } from '../../db/schema/index.ts';
import { demo, mergePatch, testApp } from '../../testing/app.ts';
import { createDeviceWithLogger, createLessor, createLocation, firstOf, sendEvents } from '../../testing/fixtures.ts';
import { startPushService } from '../../testing/push-service.ts';
import { deliverAlarms, dueAfterQuietHours } from './alarms.delivery.ts';

// Who is told of an alarm (docs/rules.md "Alarms", "Who is told"): the first people by kind and tag,
// by e-mail and push as each chose, not in their quiet hours; the managers when nobody took it in
// time; each message once, however often the sweep runs.

const t = await testApp({ push: { loopbackHttp: true } });
const service = await startPushService();
afterAll(() => service.close());
const home = await firstOf<Location>(t, '/api/v2/locations?name=Riva — caffe');
const userId = async (email: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? 0;
const workerId = await userId(demo.worker);
const managerId = await userId(demo.manager);
const zabavni = (await t.db.select({ id: users.companyId }).from(users).where(eq(users.id, managerId)))[0]?.id ?? 0;

const preferences = (user: string, id: number, alarmPreferences: object, lang = 'en') =>
  t.json<User & Problem>(user, {
    method: 'PATCH',
    url: `/api/v2/users/${id}`,
    payload: { alarmPreferences },
    headers: { ...mergePatch, 'accept-language': lang },
  });

/** A device of Zabavni that turns critical now; answers its alarm's id. */
async function criticalDevice(overrides: { tags?: string[] } = {}) {
  const { device, logger } = await createDeviceWithLogger(t, { location: home['@id'], ...overrides });
  await sendEvents(t, logger, [{ seq: 1, at: new Date().toISOString(), type: 'alarm', code: 'E7', critical: true }]);
  await t.app.sweepAlarms();
  const list = (await t.json<Collection<Alarm>>('manager', { url: `/api/v2/alarms?device=${device.id}` })).body.member;
  const id = list[0]?.id as number;
  return { device, id };
}

const deliveriesOf = (alarmId: number) =>
  t.db
    .select({
      userId: alarmDeliveries.userId,
      channel: alarmDeliveries.channel,
      level: alarmDeliveries.level,
      status: alarmDeliveries.status,
    })
    .from(alarmDeliveries)
    .where(eq(alarmDeliveries.alarmId, alarmId))
    .orderBy(alarmDeliveries.userId, alarmDeliveries.channel);

const mailsOf = (alarmId: number) =>
  t.db
    .select({ to: mails.to, subject: mails.subject, text: mails.text, language: mails.language, kind: mails.kind })
    .from(mails)
    .where(
      and(
        eq(mails.kind, 'alarm'),
        inArray(
          mails.dedupeKey,
          [0, 1].flatMap((l) => [workerId, managerId].map((u) => `alarm:${alarmId}:${u}:${l}`)),
        ),
      ),
    );

describe('who is told', () => {
  it('a worker by their phone (the real push protocol) and, once they asked for it, by e-mail; each message once however often it runs', async () => {
    expect((await preferences('worker', workerId, { email: true }, 'hr')).status).toBe(200);
    // The worker turns push on in a browser: its push service (the test's) gave it a subscription.
    const key = (await t.json<{ publicKey: string }>('worker', { url: '/api/v2/push-subscriptions/key' })).body.publicKey;
    const phone = service.subscribe(key);
    expect((await t.json('worker', { method: 'POST', url: '/api/v2/push-subscriptions', payload: phone })).status).toBe(201);
    try {
      const { device, id } = await criticalDevice();
      await Promise.all([t.app.sweepAlarms(), t.app.sweepAlarms(), deliverAlarms(t.db, null)]);

      // The worker is the first person (a worker's kinds include a critical device); the manager waits.
      expect(await deliveriesOf(id)).toEqual([
        { userId: workerId, channel: 'email', level: 0, status: 'sent' },
        { userId: workerId, channel: 'push', level: 0, status: 'sent' },
      ]);
      // The push service verified the VAPID signature and decrypted the message with the phone's keys.
      const got = service.received.filter((r) => r.endpoint === phone.endpoint);
      expect(got.map((r) => r.message)).toEqual([
        expect.objectContaining({ title: `Kritičan uređaj: ${device.name}`, url: '/alarms/list', tag: `alarm-${id}` }),
      ]);
      expect(service.refused).toEqual([]);
      const [mail] = await mailsOf(id);
      // In the company's language (the worker chose none): Zabavni writes Croatian.
      expect(mail).toMatchObject({ to: [demo.worker], kind: 'alarm', subject: `Kritičan uređaj: ${device.name}` });
      expect(mail?.text).toContain('Alarmi → Otvoreni alarmi');
    } finally {
      await t.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, workerId));
      await preferences('worker', workerId, { email: false });
    }
  });

  it('the managers when nobody took it within the company’s minutes; not once it is taken', async () => {
    const { id } = await criticalDevice();
    const { id: taken } = await criticalDevice();
    await t.json('worker', { method: 'POST', url: '/api/v2/alarms/acknowledge', payload: { alarms: [`/api/v2/alarms/${taken}`] } });
    const [raised] = await t.db.select({ at: alarms.raisedAt }).from(alarms).where(eq(alarms.id, id));
    const raisedAt = (raised as { at: Date }).at.getTime();
    const at = (minutes: number) => new Date(raisedAt + minutes * 60_000);

    const early = await deliverAlarms(t.db, null, at(29));
    expect(early.escalated).toBe(0);
    const late = await deliverAlarms(t.db, null, at(31));
    expect(late.escalated).toBeGreaterThanOrEqual(1);
    expect((await deliveriesOf(id)).filter((d) => d.level === 1)).toEqual([
      { userId: managerId, channel: 'email', level: 1, status: 'sent' },
    ]);
    expect((await deliveriesOf(taken)).filter((d) => d.level === 1)).toEqual([]);
    const [row] = await t.db.select({ level: alarms.notifiedLevel, escalatedAt: alarms.escalatedAt }).from(alarms).where(eq(alarms.id, id));
    expect(row).toEqual({ level: 1, escalatedAt: at(31) });
    const [mail] = (await mailsOf(id)).filter((m) => m.to[0] === demo.manager);
    expect(mail?.text).toContain('Nitko ga nije preuzeo 30 minuta.');
    // Run again: nothing more.
    await deliverAlarms(t.db, null, at(90));
    expect((await deliveriesOf(id)).filter((d) => d.level === 1)).toHaveLength(1);
  });

  it('never escalates where the company set 0 minutes', async () => {
    await t.db.update(companies).set({ alarmEscalationMinutes: 0 }).where(eq(companies.id, zabavni));
    try {
      const { id } = await criticalDevice();
      await deliverAlarms(t.db, null, new Date(Date.now() + 48 * 3_600_000));
      expect((await deliveriesOf(id)).filter((d) => d.level === 1)).toEqual([]);
    } finally {
      await t.db.update(companies).set({ alarmEscalationMinutes: 30 }).where(eq(companies.id, zabavni));
    }
  });

  it('by tag: a worker who looks after other tags is not told, and the managers are told at once', async () => {
    const tag = (await t.json<Tag>('manager', { method: 'POST', url: '/api/v2/tags', payload: { name: 'Sjever', colour: '#1e88e5' } }))
      .body;
    expect((await preferences('worker', workerId, { tags: [tag['@id']], email: true })).status).toBe(200);
    try {
      const { id } = await criticalDevice();
      expect(await deliveriesOf(id)).toEqual([{ userId: managerId, channel: 'email', level: 1, status: 'sent' }]);
      const { id: tagged } = await criticalDevice({ tags: [tag['@id']] });
      expect(await deliveriesOf(tagged)).toEqual([{ userId: workerId, channel: 'email', level: 0, status: 'sent' }]);
    } finally {
      await preferences('worker', workerId, { tags: [], email: false });
    }
  });

  it('by kind: a worker who turned a kind off is not told of it', async () => {
    expect((await preferences('worker', workerId, { kinds: ['device_offline'], email: true })).status).toBe(200);
    const { id } = await criticalDevice();
    expect((await deliveriesOf(id)).map((d) => d.userId)).toEqual([managerId]);
    const reset = await preferences('worker', workerId, { kinds: null, email: false });
    expect(reset.body.alarmPreferences.kinds).toEqual([
      'device_critical',
      'device_offline',
      'machine_event',
      'cash_box_full',
      'prize_stock_low',
    ]);
  });

  it('not in quiet hours: the message waits for their end, and is dropped if the alarm ended meanwhile', async () => {
    // Quiet from a minute ago to an hour on, on Zagreb's wall clock (the night the clocks go back, that
    // hour lasts two): counted on the clock's minutes, not as instants.
    const parts = zagrebParts(new Date());
    const minute = Number(parts.hour) * 60 + Number(parts.minute);
    const clock = (m: number) => {
      const wall = (((minute + m) % 1440) + 1440) % 1440;
      return `${String(Math.floor(wall / 60)).padStart(2, '0')}:${String(wall % 60).padStart(2, '0')}`;
    };
    expect((await preferences('worker', workerId, { email: true, quietHours: { from: clock(-1), to: clock(60) } })).status).toBe(200);
    try {
      const { id } = await criticalDevice();
      const { id: ended } = await criticalDevice();
      expect(await deliveriesOf(id)).toEqual([{ userId: workerId, channel: 'email', level: 0, status: 'waiting' }]);
      const [waiting] = await t.db.select({ dueAt: alarmDeliveries.dueAt }).from(alarmDeliveries).where(eq(alarmDeliveries.alarmId, id));
      const due = (waiting as { dueAt: Date }).dueAt;
      expect(due.getTime()).toBeGreaterThan(Date.now());
      // At the end of the quiet hours, or at 03:00 the night the clocks skip the hour it falls in.
      expect([clock(60), '03:00']).toContain(formatTime(due));
      await t.db.update(alarms).set({ resolvedAt: new Date() }).where(eq(alarms.id, ended));
      // (An hour on, nobody took it: the managers are told too — of the open one only.)
      const workers = async (alarmId: number) => (await deliveriesOf(alarmId)).filter((d) => d.userId === workerId);
      await deliverAlarms(t.db, null, new Date(due.getTime() - 60_000));
      expect((await workers(id))[0]?.status).toBe('waiting');
      await deliverAlarms(t.db, null, due);
      expect((await workers(id))[0]?.status).toBe('sent');
      expect((await workers(ended))[0]?.status).toBe('dropped');
    } finally {
      await preferences('worker', workerId, { email: false, quietHours: null });
    }
  });
});

describe('an alarm about no device', () => {
  it('a lessor’s contract ending goes to the accountant whatever tags they chose, and to the managers when nobody takes it', async () => {
    const accountantId = await userId(demo.accountant);
    const tag = (await t.json<Tag>('manager', { method: 'POST', url: '/api/v2/tags', payload: { name: 'Jug', colour: '#43a047' } })).body;
    expect((await preferences('accountant', accountantId, { tags: [tag['@id']] })).status).toBe(200);
    try {
      const lessor = await createLessor(t, { contractEnd: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10) });
      await createLocation(t, { lessor: lessor['@id'] });
      await t.app.sweepAlarms();
      const [alarm] = await t.db
        .select()
        .from(alarms)
        .where(and(eq(alarms.kind, 'lessor_contract_ending'), eq(alarms.subject, `lessors/${lessor.id}`)));
      if (!alarm) throw new Error('no alarm raised');
      const id = alarm.id;
      expect(await deliveriesOf(id)).toEqual([{ userId: accountantId, channel: 'email', level: 0, status: 'sent' }]);
      await deliverAlarms(t.db, null, new Date(alarm.raisedAt.getTime() + 31 * 60_000));
      expect((await deliveriesOf(id)).map((d) => [d.userId, d.level])).toEqual(
        [
          [managerId, 1],
          [accountantId, 0],
        ].sort((x, y) => (x[0] as number) - (y[0] as number)),
      );
    } finally {
      await preferences('accountant', accountantId, { tags: [] });
    }
  });
});

describe('a person’s alarm preferences', () => {
  it('are their own to change: a worker may not change another’s, an admin may', async () => {
    // Another's account is out of a worker's sight altogether.
    expect((await preferences('worker', managerId, { email: false })).status).toBe(404);
    expect((await preferences('admin', workerId, { push: false })).body.alarmPreferences.push).toBe(false);
    expect((await preferences('worker', workerId, { push: true })).body.alarmPreferences.push).toBe(true);
  });

  it('refuse what is not a choice, in the caller’s language, and change nothing', async () => {
    const before = (await t.json<User>('worker', { url: `/api/v2/users/${workerId}` })).body.alarmPreferences;
    const same = await preferences('worker', workerId, { quietHours: { from: '22:00', to: '22:00' } }, 'hr');
    expect(same.status).toBe(422);
    expect(same.body.violations?.[0]?.propertyPath).toBe('alarmPreferences.quietHours.to');
    expect((await preferences('worker', workerId, { quietHours: { from: '25:00', to: '06:00' } })).status).toBe(422);
    expect((await preferences('worker', workerId, { kinds: ['no_such_kind'] })).status).toBe(422);
    expect((await preferences('worker', workerId, { tags: ['/api/v2/tags/999999'] })).status).toBe(422);
    const drugi = await firstOf<Tag>(t, '/api/v2/tags', 'otherManager').catch(() => null);
    if (drugi) expect((await preferences('worker', workerId, { tags: [drugi['@id']] })).status).toBe(422);
    expect((await preferences('worker', workerId, { unknown: 1 })).status).toBe(400);
    expect((await t.json<User>('worker', { url: `/api/v2/users/${workerId}` })).body.alarmPreferences).toEqual(before);
  });

  it('follow the roles by default: an accountant is told of money and deadlines, by e-mail', async () => {
    const accountant = (await t.json<User>('admin', { url: `/api/v2/users/${await userId(demo.accountant)}` })).body;
    expect(accountant.alarmPreferences).toEqual({
      kinds: ['deposit_difference', 'bill_deadline', 'lessor_contract_ending'],
      tags: [],
      email: true,
      push: true,
      quietHours: null,
    });
  });
});

describe('quiet hours', () => {
  const at = (iso: string) => new Date(iso);
  it('hold a message until they end, across midnight and across a clock change', () => {
    const night = { from: '22:00', to: '07:00' };
    // 23:30 Zagreb in winter (UTC+1) waits until 07:00, seven and a half hours.
    expect(dueAfterQuietHours(at('2026-01-15T22:30:00Z'), night)).toEqual(at('2026-01-16T06:00:00Z'));
    // 06:59 waits a minute; 07:00 and noon go at once.
    expect(dueAfterQuietHours(at('2026-01-16T05:59:00Z'), night)).toEqual(at('2026-01-16T06:00:00Z'));
    expect(dueAfterQuietHours(at('2026-01-16T06:00:00Z'), night)).toEqual(at('2026-01-16T06:00:00Z'));
    expect(dueAfterQuietHours(at('2026-01-16T11:00:00Z'), night)).toEqual(at('2026-01-16T11:00:00Z'));
    // Within a day: 12:00–14:00 at 13:15 in summer (UTC+2) waits 45 minutes.
    expect(dueAfterQuietHours(at('2026-07-01T11:15:00Z'), { from: '12:00', to: '14:00' })).toEqual(at('2026-07-01T12:00:00Z'));
    // The night summer time begins (29 March 2026, 02:00 → 03:00): 23:30 CET waits until 07:00 CEST, an hour less.
    expect(dueAfterQuietHours(at('2026-03-28T22:30:00Z'), night)).toEqual(at('2026-03-29T05:00:00Z'));
    // Quiet until 02:30 that night: the clocks jump from 02:00 to 03:00, so the quiet hours end with the jump.
    expect(dueAfterQuietHours(at('2026-03-29T00:45:00Z'), { from: '01:00', to: '02:30' })).toEqual(at('2026-03-29T01:00:00Z'));
    // The night it ends (25 October 2026): 23:30 CEST waits until 07:00 CET, an hour more.
    expect(dueAfterQuietHours(at('2026-10-24T21:30:00Z'), night)).toEqual(at('2026-10-25T06:00:00Z'));
    expect(dueAfterQuietHours(at('2026-07-01T11:15:00Z'), null)).toEqual(at('2026-07-01T11:15:00Z'));
  });
});
