import {
  CERTIFICATE_WARNING_DAYS,
  type FiscalCertificate,
  type FiscalCertificateCreate,
  type FiscalEcho,
  type FiscalSettings,
  type FiscalSettingsPatch,
  formatDate,
  identity,
  iri,
} from '@kovanica/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { invalid } from '../../core/errors.ts';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import type { Db, Tx } from '../../db/client.ts';
import { outer, type RowWith } from '../../db/paging.ts';
import { targetCompanyId } from '../../db/references.ts';
import { companies, fiscalCertificates, fiscalSettings, users } from '../../db/schema/index.ts';
import { CertificateError, readP12 } from '../../fiscal/certificates.ts';
import { sendSoap } from '../../fiscal/cis-client.ts';
import type { SimulatedCis } from '../../fiscal/cis-simulator.ts';
import { echoRequest, SOAP_ACTION, soapEnvelope } from '../../fiscal/cis-xml.ts';
import type { FiscalKeys } from '../../fiscal/keys.ts';
import { recordChange } from '../audit-log/audit-log.service.ts';
import { CIS_URLS } from './bills.sender.ts';

const DAY_MS = 86_400_000;
/** "Check connection" waits this long for the echo. */
const ECHO_TIMEOUT_MS = 5_000;

const certificateExtras = () => ({
  uploadedByName: sql<string | null>`(select u.email from ${users} u where u.id = ${outer(fiscalCertificates.uploadedById)})`,
});
type CertificateRow = RowWith<typeof fiscalCertificates, ReturnType<typeof certificateExtras>>;

function toCertificate(row: Omit<CertificateRow, 'privateKeySealed' | 'certificatePem'>, now = Date.now()): FiscalCertificate {
  const validTo = row.validTo.getTime();
  return {
    ...identity('fiscal-certificates', 'FiscalCertificate', row.id),
    company: iri('companies', row.companyId),
    oib: row.oib,
    subject: row.subject,
    issuer: row.issuer,
    serial: row.serial,
    validFrom: row.validFrom.toISOString(),
    validTo: row.validTo.toISOString(),
    active: row.active,
    expiresSoon: validTo - now < CERTIFICATE_WARNING_DAYS * DAY_MS,
    expired: validTo <= now || row.validFrom.getTime() > now,
    uploadedAt: row.uploadedAt.toISOString(),
    uploadedByName: row.uploadedByName,
  };
}

/**
 * Reads a .p12 upload (legacy RC2 files too) and stores it as the company's active certificate, the
 * one before it kept inactive (old bills' ZKIs stay recomputable). The certificate must name the
 * company's OIB and be valid now. The private key is sealed with the server's secret and never shown.
 */
export async function installFiscalCertificate(
  db: Db | Tx,
  keys: FiscalKeys,
  company: { id: number; oib: string },
  file: { p12: Buffer; password: string },
  uploadedById: number | null = null,
  now = new Date(),
): Promise<number> {
  let identityOf: ReturnType<typeof readP12>;
  try {
    identityOf = readP12(file.p12, file.password);
  } catch (error) {
    if (error instanceof CertificateError) throw invalid(error.code === 'certificate_password' ? 'password' : 'p12', 'certificate_file');
    throw error;
  }
  const oib = identityOf.oib;
  if (oib !== company.oib) throw invalid('p12', 'certificate_oib', { certificateOib: oib ?? '–', companyOib: company.oib });
  if (identityOf.validTo <= now || identityOf.validFrom > now) {
    throw invalid('p12', 'certificate_expired', { validFrom: formatDate(identityOf.validFrom), validTo: formatDate(identityOf.validTo) });
  }
  return db.transaction(async (tx) => {
    await tx
      .update(fiscalCertificates)
      .set({ active: false })
      .where(and(eq(fiscalCertificates.companyId, company.id), eq(fiscalCertificates.active, true)));
    const [row] = await tx
      .insert(fiscalCertificates)
      .values({
        companyId: company.id,
        oib,
        subject: identityOf.subject,
        issuer: identityOf.issuer,
        serial: identityOf.serial,
        validFrom: identityOf.validFrom,
        validTo: identityOf.validTo,
        certificatePem: identityOf.certificatePem,
        privateKeySealed: keys.seal(identityOf.privateKeyPem),
        uploadedById,
      })
      .returning({ id: fiscalCertificates.id });
    return row?.id as number;
  });
}

/** A company's fiscal certificates: listed (no key, ever) and uploaded. */
export function fiscalCertificatesService(db: Db, keys: FiscalKeys) {
  const reads = tableReads(db, fiscalCertificates, {
    company: fiscalCertificates.companyId,
    extras: certificateExtras,
    toItem: (row) => toCertificate(row),
  });
  const read = async (ctx: RequestContext, id: number) => toCertificate((await reads.find(ctx, id, null)) as CertificateRow);
  return {
    list: reads.list,
    get: reads.get,
    async create(ctx, input) {
      const companyId = await targetCompanyId(db, ctx, input.company);
      const [company] = await db.select({ id: companies.id, oib: companies.oib }).from(companies).where(eq(companies.id, companyId));
      if (!company) throw invalid('company', 'reference');
      const p12 = Buffer.from(input.p12, 'base64');
      // The new certificate and its line in the company's fiscal settings' trail commit together.
      const id = await db.transaction(async (tx) => {
        const [previous] = await tx
          .select({ serial: fiscalCertificates.serial, validTo: fiscalCertificates.validTo })
          .from(fiscalCertificates)
          .where(and(eq(fiscalCertificates.companyId, company.id), eq(fiscalCertificates.active, true)));
        const installed = await installFiscalCertificate(tx, keys, company, { p12, password: input.password }, ctx.actor.userId);
        const [current] = await tx
          .select({ serial: fiscalCertificates.serial, validTo: fiscalCertificates.validTo })
          .from(fiscalCertificates)
          .where(eq(fiscalCertificates.id, installed));
        await recordChange(tx, ctx, {
          resource: 'fiscal-settings',
          recordId: company.id,
          companyId: company.id,
          action: 'update',
          before: { certificateSerial: previous?.serial ?? null, certificateValidTo: previous?.validTo ?? null },
          after: { certificateSerial: current?.serial ?? null, certificateValidTo: current?.validTo ?? null },
        });
        return installed;
      });
      return read(ctx, id);
    },
  } satisfies Pick<CrudService<FiscalCertificate, FiscalCertificateCreate, never>, 'list' | 'get' | 'create'>;
}

/** A company's settings, its active certificate (as JSON) and its unfiscalized bills, read with the company. */
const settingsExtras = () => ({
  environment: sql<
    FiscalSettings['environment']
  >`coalesce((select s.environment from fiscal_settings s where s.company_id = ${outer(companies.id)}), 'simulated')`,
  signatureAlgorithm: sql<
    FiscalSettings['signatureAlgorithm']
  >`coalesce((select s.signature_algorithm from fiscal_settings s where s.company_id = ${outer(companies.id)}), 'rsa-sha1')`,
  caBundle: sql<string | null>`(select s.ca_bundle from fiscal_settings s where s.company_id = ${outer(companies.id)})`,
  cisCertificatePem: sql<string | null>`(select s.cis_certificate_pem from fiscal_settings s where s.company_id = ${outer(companies.id)})`,
  settingsUpdatedAt: sql<
    string | null
  >`(select to_char(s.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from fiscal_settings s where s.company_id = ${outer(companies.id)})`,
  activeCertificateId: sql<
    number | null
  >`(select f.id from fiscal_certificates f where f.company_id = ${outer(companies.id)} and f.active)`.mapWith((v) =>
    v === null ? null : Number(v),
  ),
  unfiscalizedBills: sql<number>`(select count(*) from bills b where b.company_id = ${outer(companies.id)} and b.jir is null)`.mapWith(
    Number,
  ),
});
type SettingsRow = RowWith<typeof companies, ReturnType<typeof settingsExtras>>;

/** The fields of a company's fiscal settings a patch may change, as the trail compares them. */
const settable = (s: FiscalSettings) => ({
  environment: s.environment,
  signatureAlgorithm: s.signatureAlgorithm,
  caBundle: s.caBundle,
  cisCertificatePem: s.cisCertificatePem,
});

/** A company's fiscal settings (one per company, its id the company's): environment, signature, CIS trust, the echo check. */
export function fiscalSettingsService(db: Db, simulatedCis: () => SimulatedCis | null) {
  const certificates = async (ids: number[]) => {
    if (ids.length === 0) return new Map<number, FiscalCertificate>();
    const rows = await db
      .select({ ...certificateColumns, ...certificateExtras() })
      .from(fiscalCertificates)
      .where(sql`${fiscalCertificates.id} = any(${`{${ids.join(',')}}`}::int[])`);
    return new Map(rows.map((row) => [row.id, toCertificate(row)]));
  };
  const toSettings = (row: SettingsRow, certificate: FiscalCertificate | null): FiscalSettings => ({
    ...identity('fiscal-settings', 'FiscalSettings', row.id),
    company: iri('companies', row.id),
    companyName: row.name,
    oib: row.oib,
    inVatSystem: row.inVatSystem,
    environment: row.environment,
    signatureAlgorithm: row.signatureAlgorithm,
    caBundle: row.caBundle,
    cisCertificatePem: row.cisCertificatePem,
    certificate,
    unfiscalizedBills: row.unfiscalizedBills,
    updatedAt: row.settingsUpdatedAt,
  });
  /** The companies' rows with their settings; each one's active certificate is read after them, all in one query. */
  const reads = tableReads(db, companies, { company: companies.id, extras: settingsExtras, toItem: (row) => row });
  const settingsOf = async (rows: SettingsRow[]) => {
    const active = await certificates(rows.flatMap((r) => (r.activeCertificateId === null ? [] : [r.activeCertificateId])));
    return rows.map((r) => toSettings(r, r.activeCertificateId === null ? null : (active.get(r.activeCertificateId) ?? null)));
  };
  const find = async (ctx: RequestContext, id: number, visible = ctx.visible) => {
    const row = await reads.find(ctx, id, visible);
    return row ? ((await settingsOf([row]))[0] ?? null) : null;
  };

  return {
    async list(ctx, query) {
      const { items, total } = await reads.list(ctx, query);
      return { items: await settingsOf(items), total };
    },
    get: (ctx, id) => find(ctx, id),
    async update(ctx, id, patch) {
      const before = await find(ctx, id);
      if (!before) return null;
      // CIS's specification signs with RSA-SHA1; RSA-SHA256 is a switch of the simulated CIS only
      // (docs/rules.md): refused with a real environment, and a company moved to one goes back to SHA-1.
      const environment = patch.environment ?? before.environment;
      if (environment !== 'simulated' && patch.signatureAlgorithm === 'rsa-sha256') {
        throw invalid('signatureAlgorithm', 'signature_simulated_only');
      }
      if (environment !== 'simulated' && before.signatureAlgorithm !== 'rsa-sha1') patch = { ...patch, signatureAlgorithm: 'rsa-sha1' };
      const values = { ...patch, updatedAt: new Date(), updatedById: ctx.actor.userId };
      // The change and its line in the audit trail (decision 0028) commit together.
      await db.transaction(async (tx) => {
        await tx
          .insert(fiscalSettings)
          .values({ companyId: id, ...values })
          .onConflictDoUpdate({ target: fiscalSettings.companyId, set: values });
        await recordChange(tx, ctx, {
          resource: 'fiscal-settings',
          recordId: id,
          companyId: id,
          action: 'update',
          before: settable(before),
          after: { ...settable(before), ...patch },
        });
      });
      return find(ctx, id, null);
    },

    /** "Check connection": an `EchoRequest` to the company's environment; the same text must come back. */
    async echo(ctx: RequestContext, id: number): Promise<FiscalEcho | null> {
      const settings = await find(ctx, id);
      if (!settings) return null;
      const { environment } = settings;
      const simulated = simulatedCis();
      const url = environment === 'simulated' ? (simulated?.url ?? null) : CIS_URLS[environment];
      if (!url) return { ok: false, environment, url: '', durationMs: 0, error: 'simulator_off' };
      const text = `Kovanica ${new Date().toISOString()}`;
      const exchange = await sendSoap(
        { url, ca: environment === 'simulated' ? undefined : (settings.caBundle ?? undefined), timeoutMs: ECHO_TIMEOUT_MS },
        SOAP_ACTION.echo,
        soapEnvelope(echoRequest(text)),
      );
      if (!exchange.ok)
        return { ok: false, environment, url, durationMs: exchange.durationMs, error: `${exchange.error}: ${exchange.message}` };
      const echoed = exchange.status === 200 && exchange.body.includes(`>${text}</`);
      return {
        ok: echoed,
        environment,
        url,
        durationMs: exchange.durationMs,
        error: echoed ? null : `HTTP ${exchange.status}: ${exchange.body.slice(0, 300)}`,
      };
    },
  } satisfies Pick<CrudService<FiscalSettings, never, FiscalSettingsPatch>, 'list' | 'get' | 'update'> & Record<string, unknown>;
}

/** The certificate's columns without its key. */
const certificateColumns = {
  id: fiscalCertificates.id,
  companyId: fiscalCertificates.companyId,
  oib: fiscalCertificates.oib,
  subject: fiscalCertificates.subject,
  issuer: fiscalCertificates.issuer,
  serial: fiscalCertificates.serial,
  validFrom: fiscalCertificates.validFrom,
  validTo: fiscalCertificates.validTo,
  active: fiscalCertificates.active,
  uploadedAt: fiscalCertificates.uploadedAt,
  uploadedById: fiscalCertificates.uploadedById,
};
