import { and, asc, eq, gt, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { alarms, criticalEpisodes, devices, users } from '../db/schema/index.ts';
import { deliverAlarms, sweepAlarms } from '../modules/alarms/alarms.service.ts';
import { demoAccounts } from './seed.ts';

/** How far back the demo's alarm history goes: the critical episodes that ended within it. */
const HISTORY_DAYS = 30;

/**
 * The demo's alarms (docs/rules.md "Alarms"), every state the screens have: the history of the last
 * month's critical episodes as resolved alarms (raised when the episode began, resolved when it
 * ended), the alarms that hold now raised by a sweep, and the oldest open one of Zabavni's acknowledged
 * by its worker, "on it"; then who is told, so the open ones nobody took for the company's minutes are
 * escalated and the outbox holds their e-mails. Only into a database without alarms. Answers how many are open.
 */
export async function seedDemoAlarms(db: Db, now = new Date()): Promise<number> {
  if ((await db.select({ id: alarms.id }).from(alarms).limit(1)).length > 0) return 0;
  const since = new Date(now.getTime() - HISTORY_DAYS * 86_400_000);
  const ended = await db
    .select({ episode: criticalEpisodes, locationId: devices.locationId })
    .from(criticalEpisodes)
    .innerJoin(devices, eq(devices.id, criticalEpisodes.deviceId))
    // An episode cleared the moment it began was over before any sweep could see it.
    .where(
      and(
        isNotNull(criticalEpisodes.endedAt),
        gte(criticalEpisodes.endedAt, since),
        gt(criticalEpisodes.endedAt, criticalEpisodes.startedAt),
      ),
    );
  if (ended.length > 0) {
    await db.insert(alarms).values(
      ended.map(({ episode: e, locationId }) => ({
        companyId: e.companyId,
        locationId,
        kind: 'device_critical' as const,
        subject: `devices/${e.deviceId}`,
        deviceId: e.deviceId,
        code: e.code,
        raisedAt: e.startedAt,
        resolvedAt: e.endedAt,
      })),
    );
  }
  const { raised } = await sweepAlarms(db, now);
  // A critical device's open alarm dates from its episode's start, as the history's do: the demo's
  // server "was running" then. Those nobody took within the company's minutes have gone to the managers.
  await db.execute(sql`update ${alarms} a set raised_at = e.started_at
    from ${criticalEpisodes} e
    where a.kind = 'device_critical' and a.resolved_at is null and e.device_id = a.device_id and e.ended_at is null
      and e.started_at < a.raised_at`);
  const [worker] = await db
    .select({ id: users.id, companyId: users.companyId })
    .from(users)
    .where(eq(users.email, demoAccounts.worker.email));
  if (worker) {
    const [oldest] = await db
      .select({ id: alarms.id })
      .from(alarms)
      .where(and(eq(alarms.companyId, worker.companyId), isNull(alarms.resolvedAt)))
      .orderBy(asc(alarms.raisedAt), asc(alarms.id))
      .limit(1);
    if (oldest) await db.update(alarms).set({ acknowledgedAt: now, acknowledgedById: worker.id }).where(eq(alarms.id, oldest.id));
  }
  // Who was told (docs/rules.md "Alarms", "Who is told"): the e-mails are in the outbox, the escalated alarms say so.
  await deliverAlarms(db, null, now);
  return raised.length;
}
