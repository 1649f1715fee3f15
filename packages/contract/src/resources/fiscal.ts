import { z } from 'zod';
import { type CollectionSpec, itemMeta, zIri } from '../api.ts';
import { isBase64 } from '../checks.ts';
import { defineResource } from '../resource.ts';

/**
 * Where a company's bills go (docs/rules.md "Bills and fiscalization", environments): Kovanica's simulated
 * CIS, CIS's test service, production.
 */
export const fiscalEnvironments = ['simulated', 'test', 'production'] as const;
export type FiscalEnvironmentName = (typeof fiscalEnvironments)[number];
/** How requests are signed (docs/rules.md "Talking to CIS", signature of the request). */
export const signatureAlgorithms = ['rsa-sha1', 'rsa-sha256'] as const;
/** A certificate ending within this many days is warned about (docs/rules.md "Bills and fiscalization", fiscal settings). */
export const CERTIFICATE_WARNING_DAYS = 30;
/** The largest .p12 accepted, in bytes (FINA's are about 5 kB). */
export const MAX_P12_BYTES = 64 * 1024;
/** The largest PEM text accepted for the CA bundle or CIS's certificate. */
export const MAX_PEM_LENGTH = 200_000;

/** A company's fiscal certificate as shown: never its key. */
export const fiscalCertificateItem = z.object({
  ...itemMeta,
  company: z.string(),
  oib: z.string(),
  subject: z.string(),
  issuer: z.string(),
  serial: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  /** The one that signs new bills; older ones stay for recomputing old bills' ZKIs. */
  active: z.boolean(),
  /** Valid now but ending within `CERTIFICATE_WARNING_DAYS`, or already ended. */
  expiresSoon: z.boolean(),
  expired: z.boolean(),
  uploadedAt: z.string(),
  uploadedByName: z.string().nullable(),
});
export type FiscalCertificate = z.infer<typeof fiscalCertificateItem>;

/**
 * A certificate upload: the .p12 file as base64 and its password (legacy RC2-encrypted files too). The
 * certificate's OIB must be the company's; the new certificate becomes the active one.
 */
export const fiscalCertificateCreate = z.strictObject({
  company: zIri('companies').optional(),
  p12: z
    .string()
    .min(1)
    .max(Math.ceil(MAX_P12_BYTES / 3) * 4)
    .refine(isBase64, { error: 'certificate_file' }),
  password: z.string().max(200),
});
export type FiscalCertificateCreate = z.infer<typeof fiscalCertificateCreate>;

export const fiscalCertificatesCollection: CollectionSpec = {
  filters: { company: 'exact', active: 'boolean', validTo: 'range' },
  order: ['id', 'uploadedAt', 'validTo'],
  defaultOrder: { uploadedAt: 'desc' },
};

export const fiscalCertificatesResource = defineResource({
  name: 'fiscal-certificates',
  item: fiscalCertificateItem,
  create: fiscalCertificateCreate,
  collection: fiscalCertificatesCollection,
  embeds: ['companies'],
  invalidates: ['fiscal-settings'],
});

/** A company's fiscal settings (one per company; its id is the company's). */
export const fiscalSettingsItem = z.object({
  ...itemMeta,
  company: z.string(),
  companyName: z.string(),
  oib: z.string(),
  inVatSystem: z.boolean(),
  environment: z.enum(fiscalEnvironments),
  signatureAlgorithm: z.enum(signatureAlgorithms),
  /** PEM: the CAs CIS's server certificate is checked against (test, production). */
  caBundle: z.string().nullable(),
  /** PEM: the certificate CIS signs its answers with (test, production). */
  cisCertificatePem: z.string().nullable(),
  /** The active certificate, if any. */
  certificate: fiscalCertificateItem.nullable(),
  unfiscalizedBills: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type FiscalSettings = z.infer<typeof fiscalSettingsItem>;

const zPem = () =>
  z
    .string()
    .trim()
    .max(MAX_PEM_LENGTH)
    .refine((v) => /^-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----$/.test(v), { error: 'pem' });

export const fiscalSettingsPatch = z.strictObject({
  environment: z.enum(fiscalEnvironments).optional(),
  signatureAlgorithm: z.enum(signatureAlgorithms).optional(),
  caBundle: zPem().nullable().optional(),
  cisCertificatePem: zPem().nullable().optional(),
});
export type FiscalSettingsPatch = z.infer<typeof fiscalSettingsPatch>;

export const fiscalSettingsCollection: CollectionSpec = {
  filters: { company: 'exact', environment: 'exact' },
  order: ['id'],
  defaultOrder: { id: 'asc' },
};

export const fiscalSettingsResource = defineResource({
  name: 'fiscal-settings',
  type: 'FiscalSettings',
  item: fiscalSettingsItem,
  patch: fiscalSettingsPatch,
  collection: fiscalSettingsCollection,
  embeds: ['companies', 'fiscal-certificates'],
});

/** "Check connection" (`POST /fiscal-settings/{id}/echo`): an `EchoRequest` to the company's environment. */
export const fiscalEchoAnswer = z.object({
  ok: z.boolean(),
  environment: z.enum(fiscalEnvironments),
  url: z.string(),
  durationMs: z.number().int(),
  /** What went wrong, when not ok (a network error, a SOAP fault, a wrong echo). */
  error: z.string().nullable(),
});
export type FiscalEcho = z.infer<typeof fiscalEchoAnswer>;

/** What the simulated CIS is told to do (docs/rules.md "Bills and fiscalization", the simulated CIS's switches); admins only. */
export const cisModes = ['up', 'refuse', 'slow', 'fault', 's006'] as const;
export const cisDuplicatePolicies = ['new-jir', 'same-jir'] as const;
/** Error codes the simulator can be told to answer every bill with. */
export const cisForcedErrors = ['s001', 's002', 's003', 's004', 's005', 's006', 's013'] as const;

export const cisSimulatorItem = z.object({
  '@id': z.string(),
  '@type': z.literal('CisSimulator'),
  url: z.string(),
  mode: z.enum(cisModes),
  slowMs: z.number().int(),
  forcedError: z.enum(cisForcedErrors).nullable(),
  duplicates: z.enum(cisDuplicatePolicies),
  /** Bill requests it keeps, the latest first dropped last (at most 10,000). */
  received: z.number().int(),
});
export type CisSimulatorState = z.infer<typeof cisSimulatorItem>;

export const cisSimulatorPatch = z.strictObject({
  mode: z.enum(cisModes).optional(),
  slowMs: z.number().int().min(0).max(60_000).optional(),
  forcedError: z.enum(cisForcedErrors).nullable().optional(),
  duplicates: z.enum(cisDuplicatePolicies).optional(),
});
export type CisSimulatorPatch = z.infer<typeof cisSimulatorPatch>;
