import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies, devices, emptyings, machineAudits, users } from '../db/schema/index.ts';
import { fillDeviceSerials } from '../modules/devices/devices.service.ts';
import { writeAuditFile } from '../modules/machine-audits/machine-audits.files.ts';
import { storeAudit } from '../modules/machine-audits/machine-audits.service.ts';
import { demoAccounts } from './seed.ts';

const DAY = 86_400_000;
/** The audits of a device at most: its last emptyings within four weeks. */
const AUDITS_PER_DEVICE = 4;
/** What the first machine sold that its telemetry never heard of (its logger lost a stretch): the demo's difference. */
const UNHEARD_CENTS = 2_500;

/** The demo's vending machines with audits: their serials, model, and what they had sold before the demo's weeks. */
const MACHINES = [
  { name: 'Automat za slatkiše 1', machineSerial: 'SP6-2231-0417', boardSerial: 'KVC-77120', model: 'SPIRALIS S6', base: 1_254_300 },
  { name: 'Kapsule 1', machineSerial: 'CPS-1907-0088', boardSerial: null, model: 'KAPSULOMAT K2', base: 486_150 },
  { name: 'Automat za slatkiše 3', machineSerial: 'SP6-2231-0552', boardSerial: 'KVC-77245', model: 'SPIRALIS S6', base: 902_700 },
] as const;

/** A machine's selections: its price and its share of the sales. */
const SELECTIONS = [
  { selection: '11', priceCents: 150, share: 0.3 },
  { selection: '12', priceCents: 150, share: 0.25 },
  { selection: '13', priceCents: 200, share: 0.2 },
  { selection: '21', priceCents: 250, share: 0.15 },
  { selection: '22', priceCents: 100, share: 0.1 },
] as const;

/**
 * What the machine counted up to an instant, as the product knows it: the payments its telemetry
 * counted (test plays not), and the coins and notes of its emptyings (what each emptying reported: a
 * deposit counted short then shows against the audit).
 */
async function countedBefore(db: Db, deviceId: number, at: Date) {
  const result = await db.execute(sql`
    select (select coalesce(sum(amount_cents), 0) from telemetry_events
        where device_id = ${deviceId} and type in ('coin', 'note', 'cashless', 'card', 'token') and not test
          and at < ${at.toISOString()}::timestamptz)::bigint as paid,
      (select coalesce(sum(reported_coins_cents), 0) from deposits where device_id = ${deviceId} and at < ${at.toISOString()}::timestamptz)::bigint as boxed`);
  const row = (result as unknown as { rows: { paid: string | number; boxed: string | number }[] }).rows[0];
  return { paid: Number(row?.paid ?? 0), boxed: Number(row?.boxed ?? 0) };
}

/**
 * When the device's audits were read: a minute after each of its last emptyings within four weeks (the
 * worker empties the box, then reads the audit: docs/rules.md "Machine audits"), else, without
 * emptyings (a demo without history), three weeks, two weeks, a week and a day ago.
 */
async function auditTimes(db: Db, deviceId: number, now: Date): Promise<Date[]> {
  const rows = await db
    .select({ at: emptyings.at })
    .from(emptyings)
    .where(and(eq(emptyings.deviceId, deviceId), gte(emptyings.at, new Date(now.getTime() - 28 * DAY))))
    .orderBy(desc(emptyings.at))
    .limit(AUDITS_PER_DEVICE);
  const times = rows.map((r) => new Date(Math.ceil((r.at.getTime() + 60_000) / 1000) * 1000)).filter((at) => at < now);
  if (times.length >= 2) return times.reverse();
  return [21, 14, 7, 1].map((days) => new Date(Math.floor((now.getTime() - days * DAY) / 1000) * 1000));
}

/**
 * The demo's machine audits (docs/rules.md "Machine audits"), Zabavni automati's: three vending
 * machines with their serials, each with an audit read after each of its last emptyings (some through
 * its logger as a gateway, the rest uploaded by the worker), counters that follow what its telemetry
 * and its emptyings counted, but for the first machine's last span, which sold 25 € (paid cashless) its
 * telemetry never heard of; and one
 * audit of a machine no device has the serial of, waiting to be assigned. Only into a database without
 * audits; answers how many it stored.
 */
export async function seedDemoMachineAudits(db: Db, now = new Date()): Promise<number> {
  if ((await db.select({ id: machineAudits.id }).from(machineAudits).limit(1)).length > 0) return 0;
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, demoAccounts.worker.company));
  const [worker] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoAccounts.worker.email));
  if (!company) return 0;
  const found = await db
    .select({ id: devices.id, name: devices.name, loggerId: devices.loggerId })
    .from(devices)
    .where(
      and(
        eq(devices.companyId, company.id),
        inArray(
          devices.name,
          MACHINES.map((m) => m.name),
        ),
      ),
    );
  let stored = 0;
  for (const [m, machine] of MACHINES.entries()) {
    const device = found.find((d) => d.name === machine.name);
    if (!device) continue;
    await fillDeviceSerials(db, device.id, machine);
    const times = await auditTimes(db, device.id, now);
    for (const [i, at] of times.entries()) {
      const { paid, boxed } = await countedBefore(db, device.id, at);
      const unheard = m === 0 && i === times.length - 1 ? UNHEARD_CENTS : 0;
      const paidSalesCents = machine.base + paid + unheard;
      const cashToBoxCents = Math.round(machine.base * 0.8) + boxed;
      const products = SELECTIONS.map((s) => ({
        selection: s.selection,
        priceCents: s.priceCents,
        paidVends: Math.floor((paidSalesCents * s.share) / s.priceCents),
      }));
      const content = writeAuditFile({
        machineSerial: machine.machineSerial,
        boardSerial: machine.boardSerial,
        model: machine.model,
        at,
        paidSalesCents,
        paidVends: products.reduce((sum, p) => sum + p.paidVends, 0),
        cashInCents: cashToBoxCents + Math.round(cashToBoxCents / 10),
        cashToBoxCents,
        products,
        // The second machine's last audit finds its door open (a `machine_event` alarm while it is recent,
        // docs/rules.md "Alarms"); its earlier ones had opened and closed it.
        events: m === 1 ? [`EA2*EGS*${i + 1}*${i + 1}**${i === times.length - 1 ? 1 : 0}`] : [],
      });
      const gateway = i % 2 === 1 && device.loggerId !== null;
      const { created } = await storeAudit(db, {
        companyId: company.id,
        fileName: `${machine.machineSerial}-${at.toISOString().slice(0, 10)}.dex`,
        content,
        source: gateway ? 'gateway' : 'upload',
        deviceId: gateway ? device.id : null,
        receivedById: gateway ? null : (worker?.id ?? null),
        loggerId: gateway ? device.loggerId : null,
        receivedAt: new Date(at.getTime() + 5 * 60_000),
        who: { machine: gateway ? `logger ${device.loggerId}` : 'demo', ip: null },
      });
      if (created) stored++;
    }
  }
  // A machine brought in from another operator: no device has its serial yet.
  const at = new Date(Math.floor((now.getTime() - 2 * DAY) / 1000) * 1000);
  const { created } = await storeAudit(db, {
    companyId: company.id,
    fileName: 'nepoznati-automat.dex',
    content: writeAuditFile({
      machineSerial: 'FC8-1933-0120',
      model: 'FRIGOCAN 8',
      at,
      paidSalesCents: 318_400,
      paidVends: 1_990,
      cashInCents: 301_000,
      cashToBoxCents: 262_300,
    }),
    source: 'upload',
    deviceId: null,
    receivedById: worker?.id ?? null,
    loggerId: null,
    receivedAt: new Date(at.getTime() + 3 * 60_000),
    who: { machine: 'demo', ip: null },
  });
  return stored + (created ? 1 : 0);
}
