import type { Tx } from '../db/client.ts';
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
      made = makeFiscalCertificate(demoCa, company);
      certificates.set(company.oib, made);
    }
    const identity = readP12(made.p12, made.password);
    await tx.insert(fiscalCertificates).values({
      companyId: company.id,
      oib: identity.oib ?? company.oib,
      subject: identity.subject,
      issuer: identity.issuer,
      serial: identity.serial,
      validFrom: identity.validFrom,
      validTo: identity.validTo,
      certificatePem: identity.certificatePem,
      privateKeySealed: keys.seal(identity.privateKeyPem),
    });
    await tx.insert(fiscalSettings).values({ companyId: company.id, environment: 'simulated' });
  }
}
