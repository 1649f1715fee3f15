import { addDays, businessDate, type MaintenanceType, monthStart } from '@kovanica/contract';
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { devices, maintenance, users } from '../db/schema/index.ts';
import { random } from '../modules/telemetry/simulation.ts';
import { FLEET_SINCE } from './fleet.ts';

/** What the demo's people did to the machines, in their words (the demo is a Croatian operator's). */
const WORK: Record<Exclude<MaintenanceType, 'other'>, readonly { description: string; costCents: number }[]> = {
  cleaning: [
    { description: 'Redovito čišćenje i dezinfekcija', costCents: 0 },
    { description: 'Čišćenje stakla, gumba i ladice za nagrade', costCents: 800 },
  ],
  inspection: [{ description: 'Tromjesečni pregled: napajanje, uzemljenje, sigurnosni prekidači', costCents: 2500 }],
  service: [
    { description: 'Podmazivanje i zatezanje pogona', costCents: 3000 },
    { description: 'Podešavanje akceptora kovanica', costCents: 1500 },
  ],
  repair: [
    { description: 'Zamijenjen akceptor kovanica', costCents: 12_900 },
    { description: 'Popravak mehanizma hvataljke', costCents: 8_500 },
    { description: 'Zaglavljene kovanice, očišćen i podešen utor', costCents: 3_500 },
    { description: 'Zamijenjena LED traka', costCents: 4_200 },
    { description: 'Zamijenjen senzor izdavanja nagrada', costCents: 6_800 },
  ],
};

/**
 * The fleet's upkeep since it was placed (`FLEET_SINCE`), so the maintenance lists and EBITDA's
 * maintenance column have something to show: each device cleaned every other month, inspected every
 * third, serviced now and then, and repaired about once a year, by its company's worker (the manager
 * where there is none). Only for companies without records yet. Answers how many records it wrote.
 */
export async function seedMaintenance(db: Db, now = new Date()): Promise<number> {
  const today = businessDate(now);
  const first = businessDate(FLEET_SINCE);
  const fleet = await db
    .select({ id: devices.id, companyId: devices.companyId })
    .from(devices)
    .where(sql`not exists (select 1 from ${maintenance} m where m.company_id = ${devices.companyId})`)
    .orderBy(asc(devices.id));
  const people = await db.select({ id: users.id, companyId: users.companyId, roles: users.roles }).from(users).orderBy(asc(users.id));
  const doer = (companyId: number) =>
    people.find((p) => p.companyId === companyId && p.roles.includes('worker'))?.id ??
    people.find((p) => p.companyId === companyId && p.roles.includes('manager'))?.id ??
    null;
  const rows: (typeof maintenance.$inferInsert)[] = [];
  for (const device of fleet) {
    const performedById = doer(device.companyId);
    // Each device's own draws: the same demo on every start.
    const draw = random(2026 + device.id);
    const pick = (n: number) => Math.floor(draw() * n);
    const add = (type: Exclude<MaintenanceType, 'other'>, date: string) => {
      const choices = WORK[type];
      const work = choices[pick(choices.length)];
      if (!work || date < first || date > today) return;
      rows.push({ companyId: device.companyId, deviceId: device.id, date, type, performedById, ...work });
    };
    for (let month = monthStart(first), m = 0; month <= today; month = monthStart(addDays(month, 32)), m++) {
      if ((device.id + m) % 2 === 0) add('cleaning', addDays(month, 2 + (device.id % 20)));
      if ((device.id + m) % 3 === 0) add('inspection', addDays(month, 9 + (device.id % 15)));
      if (pick(7) === 0) add('service', addDays(month, 4 + pick(21)));
      if (pick(13) === 0) add('repair', addDays(month, 1 + pick(25)));
    }
  }
  for (let i = 0; i < rows.length; i += 1000) await db.insert(maintenance).values(rows.slice(i, i + 1000));
  return rows.length;
}
