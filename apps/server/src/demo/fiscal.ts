import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { fiscalCertificates, fiscalSettings } from '../db/schema/index.ts';
import { readP12 } from '../fiscal/certificates.ts';
import { type MadeCertificate, makeDemoCa, makeFiscalCertificate } from '../fiscal/fiscal-certificates.ts';
import type { FiscalKeys } from '../fiscal/keys.ts';

/** One demo CA per process: making RSA keys costs tens of milliseconds, and every test app seeds the demo. */
let demoCa: MadeCertificate | null = null;
const certificates = new Map<string, MadeCertificate>();

/**
 * Gives the demo companies that use bills a "FISKAL" certificate of the demo CA, uploaded as a user
 * would (a .p12 and its password, read and sealed like an upload), in the simulated environment: the
 * demo's bills go to the simulated CIS inside Kovanica.
 */
export async function seedFiscal(tx: Tx, keys: FiscalKeys, companies: { id: number; oib: string; name: string }[]) {
  demoCa ??= makeDemoCa();
  for (const company of companies) {
    let made = certificates.get(company.oib);
    if (!made) {
      // 1024-bit keys: a ZKI is an RSA signature per bill, and the demo's 13 months hold some 400,000
      // bills; at 2048 bits (FINA's) signing them alone would take two minutes of the first start.
      made = makeFiscalCertificate(demoCa, company, { bits: 1024 });
      certificates.set(company.oib, made);
    }
    await installCertificate(tx, keys, company.id, made);
    await tx.insert(fiscalSettings).values({ companyId: company.id, environment: 'simulated' });
  }
}

/** Reads a made certificate's .p12 as an upload would and stores it, its key sealed, as the company's active one. */
export async function installCertificate(db: Db | Tx, keys: FiscalKeys, companyId: number, made: MadeCertificate) {
  const identity = readP12(made.p12, made.password);
  await db.insert(fiscalCertificates).values({
    companyId,
    oib: identity.oib ?? '',
    subject: identity.subject,
    issuer: identity.issuer,
    serial: identity.serial,
    validFrom: identity.validFrom,
    validTo: identity.validTo,
    certificatePem: identity.certificatePem,
    privateKeySealed: keys.seal(identity.privateKeyPem),
  });
}

/** How far back the demo's bills wait for the sender: the last day's go through the simulated CIS at the first start. */
const SENT_AT_START_MS = 24 * 3600_000;
/** The demo's second company switched to CIS's test service this long ago; its bills since are unfiscalized. */
export const DEMO_TEST_SERVICE_SINCE_MS = 44 * 3600_000;

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
  const sentAtStart = new Date(now.getTime() - SENT_AT_START_MS).toISOString();
  const testSince = new Date(now.getTime() - DEMO_TEST_SERVICE_SINCE_MS).toISOString();
  await db.execute(sql`
    update bills b set jir = gen_random_uuid()::text, fiscalized_at = b.issued_at + interval '2 seconds', attempts = 1,
      next_attempt_at = null
    where b.jir is null and b.issued_at < (case when b.oib = ${istraOib} then ${testSince}::timestamptz else ${sentAtStart}::timestamptz end)`);
  await db.execute(sql`
    update fiscal_settings set environment = 'test', updated_at = ${testSince}::timestamptz
    where company_id = (select id from companies where oib = ${istraOib})`);
}
