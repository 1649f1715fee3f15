import { addDays, businessDate, MACHINE_VAT_PERCENT, netOfVat, zagrebOffset } from '@kovanica/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { bills, fiscalSettings } from '../db/schema/index.ts';
import { type MadeCertificate, makeDemoCa, makeFiscalCertificate } from '../fiscal/fiscal-certificates.ts';
import type { FiscalKeys } from '../fiscal/keys.ts';
import { issueBillAt, stornoOf } from '../modules/bills/bills.service.ts';
import { installFiscalCertificate } from '../modules/bills/fiscal-settings.service.ts';
import { DEMO_UNBILLED_LOGGER, demoImei, FLEET_SINCE } from './fleet.ts';
import { DEMO_CASHIER_OIB, demoPersonOf } from './people.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** One demo CA per process: making RSA keys costs tens of milliseconds, and every test app seeds the demo. */
let demoCa: MadeCertificate | null = null;
const certificates = new Map<string, MadeCertificate>();

/**
 * Gives the demo companies that use bills a "FISKAL" certificate of the demo CA, uploaded as a user
 * would (a .p12 and its password, read and sealed like an upload), in the simulated environment: the
 * demo's bills go to the simulated CIS inside Kovanica.
 */
export async function seedFiscal(
  tx: Tx,
  keys: FiscalKeys,
  companies: { id: number; oib: string; name: string; certificateDays: number }[],
) {
  demoCa ??= makeDemoCa();
  for (const company of companies) {
    let made = certificates.get(company.oib);
    if (!made) {
      // 1024-bit keys: a ZKI is an RSA signature per bill, and the demo's 13 months hold some 400,000
      // bills; at 2048 bits (FINA's) signing them alone would take two minutes of the first start.
      // Valid over the history's 13 months, and for `certificateDays` more.
      made = makeFiscalCertificate(demoCa, company, {
        bits: 1024,
        validFrom: new Date(FLEET_SINCE.getTime() - 31 * DAY_MS),
        validTo: new Date(Date.now() + company.certificateDays * DAY_MS),
      });
      certificates.set(company.oib, made);
    }
    await installFiscalCertificate(tx, keys, company, made);
    await tx.insert(fiscalSettings).values({ companyId: company.id, environment: 'simulated' });
  }
}

/** How far back the demo's bills wait for the sender: the last day's go through the simulated CIS at the first start. */
const SENT_AT_START_MS = 24 * 3600_000;
/** The demo's second company switched to CIS's test service this long ago; its bills since are unfiscalized. */
export const DEMO_TEST_SERVICE_SINCE_MS = 44 * 3600_000;

/**
 * Until when a demo company's history bills count as fiscalized (demo/history.ts has ingestion store
 * them so, and `settleDemoBills` settles the rest): the last day's wait for the sender, and Istra's
 * since it switched to CIS's test service stay unfiscalized.
 */
export const demoSettledBefore = (oib: string, istraOib: string, now: Date) =>
  new Date(now.getTime() - (oib === istraOib ? DEMO_TEST_SERVICE_SINCE_MS : SENT_AT_START_MS));

/**
 * Settles the demo history's bills, issued by ingestion as the fleet's payments came in. The older
 * ones are marked fiscalized as the simulated CIS answers (a new JIR, two seconds after issue), without
 * a message log: sending some 400,000 bills through it would take the first start half an hour. The
 * last day's stay due, and the sender sends them through the simulated CIS when the server starts.
 * The Istra company switched to CIS's test service 44 hours ago (which this machine cannot reach):
 * its bills since stay unfiscalized, the oldest near the two-day limit, as a real fault would leave
 * them.
 */
export async function settleDemoBills(db: Db, istraOib: string, now = new Date()) {
  const sentAtStart = demoSettledBefore('', istraOib, now).toISOString();
  const testSince = demoSettledBefore(istraOib, istraOib, now).toISOString();
  // The history's machine bills were stored settled (`demoSettledBefore`); these are the rest (the
  // top-ups', and the machines' issued while the history was written).
  await db.execute(sql`
    update bills b set jir = gen_random_uuid()::text, fiscalized_at = b.issued_at + interval '2 seconds', attempts = 1,
      next_attempt_at = null
    where b.jir is null and b.issued_at < (case when b.oib = ${istraOib} then ${testSince}::timestamptz else ${sentAtStart}::timestamptz end)`);
  await db.execute(sql`
    update fiscal_settings set environment = 'test', updated_at = ${testSince}::timestamptz
    where company_id = (select id from companies where oib = ${istraOib})`);
}

/** An instant by its Zagreb calendar day and clock time (the demo's bills of last month). */
function zagrebAt(day: string, hour: number): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour);
  return new Date(wall - zagrebOffset(wall));
}

/**
 * Zabavni's bills by hand of last month (the VAT book's previous month, docs/rules.md "VAT book"): a
 * school trip's rides at 25 %, the snacks of a party at 13 %, and that party's rides, cancelled by a
 * storno the next day. Issued before this month's in the same sequence, in time order.
 */
function lastMonthBills(now: number) {
  const first = `${addDays(`${businessDate(new Date(now)).slice(0, 8)}01`, -1).slice(0, 8)}01`;
  return [
    {
      at: zagrebAt(addDays(first, 11), 14),
      totalCents: 4500,
      rate: MACHINE_VAT_PERCENT,
      payment: 'K' as const,
      note: 'School trip: 30 rides',
    },
    { at: zagrebAt(addDays(first, 17), 11), totalCents: 1130, rate: 13, payment: 'G' as const, note: 'Party snacks' },
    {
      at: zagrebAt(addDays(first, 17), 12),
      totalCents: 1800,
      rate: MACHINE_VAT_PERCENT,
      payment: 'G' as const,
      note: 'Party: 12 rides',
      cancelledAt: zagrebAt(addDays(first, 18), 10),
    },
  ];
}

/**
 * Bills written by hand in both demo companies, so every state of the bills screens shows without the
 * history: Zabavni's (simulated CIS) are sent when the server starts, one of them cancelled by a
 * storno; Istra's (on CIS's test service, out of reach) stay unfiscalized: one just issued, one past
 * the 24-hour alarm, one near the two-day limit and one past it. Zabavni also has last month's
 * (`lastMonthBills`), so the VAT book's previous month has bills by hand at two rates and a storno.
 */
export async function seedDemoBills(db: Db, keys: FiscalKeys, oibs: { zabavni: string; istra: string }, now = Date.now()) {
  const companies = (
    (await db.execute(sql`
      select c.id, c.oib, (select l.id from locations l where l.company_id = c.id order by l.id limit 1) as location_id,
        ${demoPersonOf(sql`c.id`, 'manager')} as manager_id,
        (select u.oib from users u where u.id = ${demoPersonOf(sql`c.id`, 'manager')}) as manager_oib
      from companies c where c.oib in (${oibs.zabavni}, ${oibs.istra})`)) as unknown as {
      rows: { id: number; oib: string; location_id: number | null; manager_id: number | null; manager_oib: string | null }[];
    }
  ).rows;
  await db.transaction(async (tx) => {
    for (const company of companies) {
      const istra = company.oib === oibs.istra;
      const operator = company.manager_oib ?? DEMO_CASHIER_OIB;
      if (!istra)
        for (const bill of lastMonthBills(now)) {
          const base = netOfVat(bill.totalCents, bill.rate);
          const id = await issueBillAt(tx, keys, {
            companyId: company.id,
            kind: 'manual',
            at: bill.at,
            deviceId: null,
            locationId: company.location_id,
            premises: 'PP01',
            isu: '90',
            totalCents: bill.totalCents,
            vat: { rate: bill.rate, baseCents: base, cents: bill.totalCents - base },
            payment: bill.payment,
            stornoOfId: null,
            note: bill.note,
            createdById: company.manager_id,
            operatorOib: operator,
          });
          if (bill.cancelledAt) await cancelDemoBill(tx, keys, id, bill.cancelledAt, company.manager_id, operator, 'Party cancelled');
        }
      const hoursAgo = istra ? [50, 40, 30, 2] : [52, 26, 3];
      const ids: number[] = [];
      for (const [i, hours] of hoursAgo.entries()) {
        const totalCents = [2500, 4000, 1250, 9900][i] as number;
        const base = netOfVat(totalCents, MACHINE_VAT_PERCENT);
        ids.push(
          await issueBillAt(tx, keys, {
            companyId: company.id,
            kind: 'manual',
            at: new Date(now - hours * HOUR_MS),
            deviceId: null,
            locationId: company.location_id,
            premises: 'PP01',
            isu: '90',
            totalCents,
            vat: { rate: MACHINE_VAT_PERCENT, baseCents: base, cents: totalCents - base },
            payment: i % 2 === 0 ? 'G' : 'K',
            stornoOfId: null,
            note: i === 0 ? 'Birthday party: 10 rides' : null,
            createdById: company.manager_id,
            operatorOib: company.manager_oib ?? DEMO_CASHIER_OIB,
          }),
        );
        // Zabavni's first bill is cancelled 50 hours ago, before its next bill (26 hours ago): each
        // sequence's bills are issued in the order of their times (decision 0041).
        if (!istra && i === 0) await cancelDemoBill(tx, keys, ids[0] as number, new Date(now - 50 * HOUR_MS), company.manager_id, operator);
      }
    }
  });
}

/** The storno of a demo bill, issued at `at` by `by`. */
async function cancelDemoBill(
  tx: Tx,
  keys: FiscalKeys,
  id: number,
  at: Date,
  by: number | null,
  operatorOib: string,
  note = 'Entered twice',
) {
  const [bill] = await tx.select().from(bills).where(eq(bills.id, id));
  if (bill) await issueBillAt(tx, keys, stornoOf(bill, at, note, by, operatorOib));
}

/**
 * The device installed without fiscalization (`DEMO_UNBILLED_LOGGER`) is noticed and switched back on:
 * from now on its payments are billed, and those before, without bills, are the comparison's mismatches.
 */
export async function switchOnDemoFiscalization(db: Db) {
  await db.execute(sql`
    update devices set fiscalize = 'inherit'
    where fiscalize = 'off' and logger_id = (select id from loggers where imei = ${demoImei(DEMO_UNBILLED_LOGGER)})`);
}
