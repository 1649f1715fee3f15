import type { DeviceGroup, WorkingHours } from '@kovanica/contract';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { cities, deposits, devices, locations, loggers, users } from '../db/schema/index.ts';
import type { FiscalKeys } from '../fiscal/keys.ts';
import { type SimDevice, simulate } from '../modules/telemetry/simulation.ts';
import { ingestBatch } from '../modules/telemetry/telemetry.ingest.ts';
import { DEMO_CITIES, FLEET_SINCE } from './fleet.ts';

/** Events per ingestion call while seeding: large batches, the same code path as the API's. */
const CHUNK = 5000;

/**
 * Gives the demo fleet its history, from when it was placed (13 months ago) until now, written in
 * bulk through the ingestion code itself, so every derived table is exactly what live telemetry would
 * have made. Returns how many events were stored.
 */
export async function seedHistory(db: Db, keys: FiscalKeys, options: { now?: Date; seed?: number } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const rows = await db
    .select({
      loggerId: loggers.id,
      companyId: loggers.companyId,
      imei: loggers.imei,
      group: devices.group,
      playPriceCents: devices.playPriceCents,
      tokenValueCents: devices.tokenValueCents,
      hours: locations.workingHours,
      city: cities.name,
    })
    .from(devices)
    .innerJoin(loggers, eq(loggers.id, devices.loggerId))
    .innerJoin(locations, eq(locations.id, devices.locationId))
    .innerJoin(cities, eq(cities.id, locations.cityId));
  const coast = new Set<string>(DEMO_CITIES.filter((c) => c.coast).map((c) => c.name));
  const fleet: SimDevice[] = rows.map((r) => ({
    imei: r.imei,
    group: r.group as DeviceGroup,
    playPriceCents: r.playPriceCents,
    tokenValueCents: r.tokenValueCents,
    coast: coast.has(r.city),
    hours: r.hours as WorkingHours,
  }));
  const { events } = simulate(fleet, { from: FLEET_SINCE, to: now, seed: options.seed ?? 2026 });
  let stored = 0;
  for (const row of rows) {
    const list = events.get(row.imei) ?? [];
    for (let i = 0; i < list.length; i += CHUNK) {
      const answer = await ingestBatch(db, keys, { id: row.loggerId, companyId: row.companyId }, list.slice(i, i + CHUNK), now);
      stored += answer.accepted;
    }
  }
  await settleOldDeposits(db, now);
  return stored;
}

/**
 * Past deposits of the demo were counted by the company's worker and verified by its manager; one in
 * twenty came up a euro short and carries a note. The last two days' stay open, as in real life.
 */
async function settleOldDeposits(db: Db, now: Date) {
  const cutoff = new Date(now.getTime() - 2 * 86_400_000);
  const person = (role: string) =>
    sql`(select ${users.id} from ${users} where ${users.companyId} = ${deposits.companyId} and ${role} = any(${users.roles}) order by ${users.id} limit 1)`;
  const short = sql`${deposits.id} % 20 = 0 and ${deposits.reportedCoinsCents} >= 100`;
  await db
    .update(deposits)
    .set({
      depositCoinsCents: sql`${deposits.reportedCoinsCents} - case when ${short} then 100 else 0 end`,
      depositTokens: sql`${deposits.reportedTokens}`,
      note: sql`case when ${short} then 'Kovanica od 1 € zaglavljena u mehanizmu.' end`,
      reportedById: person('worker'),
      reportedAt: sql`${deposits.at} + interval '2 hours'`,
      verifiedById: person('manager'),
      verifiedAt: sql`${deposits.at} + interval '1 day'`,
    })
    .where(lt(deposits.at, cutoff));
}
