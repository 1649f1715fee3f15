import type { TelemetryEvent } from '@kovanica/contract';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Actor } from '../core/context.ts';
import type { Db } from '../db/client.ts';
import { companies, devices, loggers, telemetryEvents, telemetryHolds, users } from '../db/schema/index.ts';
import type { FiscalKeys } from '../fiscal/keys.ts';
import { ingestBatch } from '../modules/telemetry/telemetry.ingest.ts';
import { discardHold, releaseHold } from '../modules/telemetry-holds/telemetry-holds.service.ts';
import { demoTrouble } from './fleet.ts';
import { DEMO_ZABAVNI_OIB, demoAccounts } from './seed.ts';

const HOUR = 3_600_000;

/**
 * Held telemetry in each of its states (docs/rules.md "Plausibility"), on three of Zabavni's devices
 * that are in no other trouble: a 500 € note on a ride three hours ago, held and waiting (the device is
 * critical, `implausible`); a 200 € note a day and a half ago, released by the manager with a note
 * (counted, its bill issued); a 900 € cashless payment two days ago, discarded by the manager as a
 * logger fault. Each batch also carries a coin, so a held batch is seen to hold its plausible events
 * too. After the history, received when it was (`now`: a logger's buffered events, the last seen time
 * unchanged), numbered after each logger's last sequence number.
 */
export async function seedHeldTelemetry(db: Db, keys: FiscalKeys, now = new Date()): Promise<void> {
  const trouble = demoTrouble(now);
  const candidates = await db
    .select({ deviceId: devices.id, loggerId: loggers.id, companyId: loggers.companyId, imei: loggers.imei })
    .from(devices)
    .innerJoin(loggers, eq(loggers.id, devices.loggerId))
    .innerJoin(companies, eq(companies.id, devices.companyId))
    .where(and(eq(companies.oib, DEMO_ZABAVNI_OIB), isNotNull(devices.locationId)))
    .orderBy(asc(devices.id));
  const chosen = candidates.filter((c) => !trouble.has(c.imei)).slice(0, 3);
  const [manager] = await db.select().from(users).where(eq(users.email, demoAccounts.manager.email));
  if (chosen.length < 3 || !manager) return;
  // The parts of a request's context a decision reads: the manager, from the office.
  const byManager = {
    by: { actor: { userId: manager.id, email: manager.email } as Actor, ip: '10.0.0.12' },
  };

  const send = async (device: (typeof chosen)[number], hoursAgo: number, payment: Omit<TelemetryEvent, 'seq' | 'at'>) => {
    const [last] = await db
      .select({ seq: sql<number>`coalesce(max(${telemetryEvents.seq}), 0)`.mapWith(Number) })
      .from(telemetryEvents)
      .where(eq(telemetryEvents.loggerId, device.loggerId));
    const seq = (last?.seq ?? 0) + 1;
    const paidAt = now.getTime() - hoursAgo * HOUR;
    const at = (minutesBefore: number) => new Date(paidAt - minutesBefore * 60_000).toISOString();
    const events = [
      { seq, at: at(6), type: 'coin', valueCents: 200, count: 1 },
      { seq: seq + 1, at: at(4), ...payment },
    ] as TelemetryEvent[];
    await ingestBatch(db, keys, { id: device.loggerId, companyId: device.companyId }, events, now);
    const [hold] = await db
      .select({ id: telemetryHolds.id })
      .from(telemetryHolds)
      .where(and(eq(telemetryHolds.loggerId, device.loggerId), eq(telemetryHolds.status, 'held')));
    return hold?.id ?? 0;
  };

  const [waiting, released, discarded] = chosen as [(typeof chosen)[number], (typeof chosen)[number], (typeof chosen)[number]];
  await send(waiting, 3, { type: 'note', valueCents: 50_000, count: 1 } as Omit<TelemetryEvent, 'seq' | 'at'>);
  const toRelease = await send(released, 36, { type: 'note', valueCents: 20_000, count: 1 } as Omit<TelemetryEvent, 'seq' | 'at'>);
  await releaseHold(
    db,
    keys,
    toRelease,
    { ...byManager, note: 'Checked at the location: a guest paid with a 200 € note for a birthday party’s rides.' },
    now,
  );
  const toDiscard = await send(discarded, 48, { type: 'cashless', valueCents: 90_000 } as Omit<TelemetryEvent, 'seq' | 'at'>);
  await discardHold(db, toDiscard, { ...byManager, note: 'Card reader fault: the service technician’s test amount, not a sale.' }, now);
}
