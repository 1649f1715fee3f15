import { addDays, businessDate, monthStart, type TelemetryEvent } from '@kovanica/contract';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Actor } from '../core/context.ts';
import type { Db } from '../db/client.ts';
import { companies, devices, loggers, telemetryEvents, users } from '../db/schema/index.ts';
import type { FiscalKeys } from '../fiscal/keys.ts';
import { closeMonthOf, monthList, zagrebMidnight } from '../modules/month-closes/month-closes.service.ts';
import { ingestBatch } from '../modules/telemetry/telemetry.ingest.ts';
import { demoTrouble } from './fleet.ts';
import { DEMO_ZABAVNI_OIB, demoAccounts } from './seed.ts';

/**
 * The operator's closed months (docs/rules.md "Month close"): its accountant has closed every month of
 * the history up to the one before last, each a few days after it ended, in order; last month is
 * still open (its deposits and bills are being settled). Then a logger that was out of reach hands in
 * three payments of the last closed month: they are counted on the first day of last month, as an
 * adjustment naming their month, and the month-close screen shows them on both.
 */
export async function seedMonthCloses(db: Db, keys: FiscalKeys, now = new Date()): Promise<void> {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.oib, DEMO_ZABAVNI_OIB));
  const [accountant] = await db.select().from(users).where(eq(users.email, demoAccounts.accountant.email));
  if (!company || !accountant) return;
  const by = { actor: { userId: accountant.id, email: accountant.email } as Actor, ip: '10.0.0.14' };
  const lastMonth = monthStart(addDays(monthStart(businessDate(now)), -1));
  const months = (await monthList(db, company.id, now)).reverse();
  let closed: string | null = null;
  for (const month of months) {
    if (`${month.month}-01` >= lastMonth) break;
    // Closed on the 5th of the month after, at 10:00 in Zagreb: when an accountant would have.
    const closedAt = new Date(zagrebMidnight(addDays(monthStart(addDays(`${month.month}-28`, 7)), 4)).getTime() + 10 * 3_600_000);
    const done = await closeMonthOf(db, company.id, month.month, by, closedAt < now ? closedAt : now);
    if (typeof done === 'string') break;
    closed = month.month;
  }
  if (closed === null) return;

  // The late batch: a device in no other trouble, three coins on the 20th of the last closed month.
  const trouble = demoTrouble(now);
  const candidates = await db
    .select({ loggerId: loggers.id, companyId: loggers.companyId, imei: loggers.imei })
    .from(devices)
    .innerJoin(loggers, eq(loggers.id, devices.loggerId))
    .where(and(eq(devices.companyId, company.id), isNotNull(devices.locationId)))
    .orderBy(asc(devices.id));
  const device = candidates.filter((c) => !trouble.has(c.imei))[3];
  if (!device) return;
  const [last] = await db
    .select({ seq: sql<number>`coalesce(max(${telemetryEvents.seq}), 0)`.mapWith(Number) })
    .from(telemetryEvents)
    .where(eq(telemetryEvents.loggerId, device.loggerId));
  const seq = (last?.seq ?? 0) + 1;
  const paidAt = zagrebMidnight(`${closed}-20`).getTime() + 15 * 3_600_000;
  const events = [0, 7, 19].map(
    (minutes, i) =>
      ({ seq: seq + i, at: new Date(paidAt + minutes * 60_000).toISOString(), type: 'coin', valueCents: 200, count: 1 }) as TelemetryEvent,
  );
  await ingestBatch(db, keys, { id: device.loggerId, companyId: device.companyId }, events, now);
}
