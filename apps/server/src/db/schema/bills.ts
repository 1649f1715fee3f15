import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companyColumn, createdAtColumn, idColumn } from './columns.ts';
import { companies } from './companies.ts';
import { devices } from './devices.ts';
import { locations } from './locations.ts';
import { users } from './users.ts';

/** Where a company's bills go: the simulated CIS inside Kovanica, CIS's test service, or production. */
export type FiscalEnvironment = 'simulated' | 'test' | 'production';
/** `G` cash (coins, notes), `K` card (cashless), `O` other (docs/rules.md "Talking to CIS"). */
export type BillPayment = 'G' | 'K' | 'O';
/** A machine's payment, a bill written by hand (`/bills/new`), or the storno of either. */
export type BillKind = 'device' | 'manual' | 'storno';

/**
 * A company's fiscal certificates (FINA "FISKAL", from a .p12). The private key is kept sealed with
 * `FISCAL_KEY_SECRET` and never leaves the server; old certificates stay, since the ZKI of an old
 * bill may need recomputing. One is active at a time.
 */
export const fiscalCertificates = pgTable(
  'fiscal_certificates',
  {
    id: idColumn(),
    companyId: companyColumn(),
    oib: text().notNull(),
    subject: text().notNull(),
    issuer: text().notNull(),
    serial: text().notNull(),
    validFrom: timestamp({ withTimezone: true }).notNull(),
    validTo: timestamp({ withTimezone: true }).notNull(),
    certificatePem: text().notNull(),
    privateKeySealed: text().notNull(),
    active: boolean().notNull().default(true),
    uploadedAt: createdAtColumn(),
    uploadedById: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('fiscal_certificates_company_idx').on(t.companyId, t.uploadedAt),
    uniqueIndex('fiscal_certificates_active_key').on(t.companyId).where(sql`${t.active}`),
  ],
);

/** A company's fiscal settings (one row per company that has any). */
export const fiscalSettings = pgTable('fiscal_settings', {
  companyId: integer()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  environment: text().$type<FiscalEnvironment>().notNull().default('simulated'),
  /** The CA bundle (PEM) CIS's server certificate is checked against in the test and production environments. */
  caBundle: text(),
  /** The certificate CIS signs its answers with, checked on every answer (test and production). */
  cisCertificatePem: text(),
  signatureAlgorithm: text().$type<'rsa-sha1' | 'rsa-sha256'>().notNull().default('rsa-sha1'),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedById: integer().references(() => users.id, { onDelete: 'set null' }),
});

/**
 * The last bill number per premises, device (ISU) and calendar year in Zagreb (the sequence CIS's
 * `OznSlijed` N names, decision 0041), and the issue time of the bill that took it. Taken with the
 * bill in the same transaction, so a number is never skipped or reused, and a later number is never
 * issued at an earlier time.
 */
export const billCounters = pgTable(
  'bill_counters',
  {
    companyId: companyColumn(),
    premises: text().notNull(),
    isu: text().notNull(),
    year: integer().notNull(),
    last: integer().notNull(),
    /** The issue time of the sequence's bill number `last`: the next is issued no earlier. */
    lastIssuedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.premises, t.isu, t.year] })],
);

/**
 * Bills (docs/rules.md "Bills and fiscalization"), immutable: a wrong one is cancelled by a storno that names it (`storno_of_id`,
 * unique). A machine's bill names the payment it is for (`logger_id`, `seq`: the telemetry event),
 * which makes a retried batch issue nothing twice. Fiscalized once `jir` is set.
 */
export const bills = pgTable(
  'bills',
  {
    id: idColumn(),
    companyId: companyColumn(),
    kind: text().$type<BillKind>().notNull(),
    deviceId: integer().references(() => devices.id, { onDelete: 'restrict' }),
    locationId: integer().references(() => locations.id, { onDelete: 'restrict' }),
    loggerId: integer(),
    seq: bigint({ mode: 'number' }),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    year: integer().notNull(),
    number: integer().notNull(),
    premises: text().notNull(),
    isu: text().notNull(),
    totalCents: integer().notNull(),
    inVatSystem: boolean().notNull(),
    vatRate: numeric({ precision: 5, scale: 2, mode: 'number' }),
    vatBaseCents: integer(),
    vatCents: integer(),
    payment: text().$type<BillPayment>().notNull(),
    oib: text().notNull(),
    operatorOib: text().notNull(),
    zki: text().notNull(),
    certificateId: integer()
      .notNull()
      .references(() => fiscalCertificates.id, { onDelete: 'restrict' }),
    jir: text(),
    fiscalizedAt: timestamp({ withTimezone: true }),
    /** Sends so far; the next is due at `next_attempt_at` (null once fiscalized). */
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    /** The last failure's code (`s004`, `timeout`…), for the unfiscalized list. */
    lastError: text(),
    stornoOfId: integer().references((): AnyPgColumn => bills.id, { onDelete: 'restrict' }),
    note: text(),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('bills_number_key').on(t.companyId, t.premises, t.isu, t.year, t.number),
    uniqueIndex('bills_payment_key').on(t.loggerId, t.seq),
    uniqueIndex('bills_storno_key').on(t.stornoOfId),
    // Keyset pages (`issued_at desc, id desc`, decision 0010), the company's and All Companies.
    index('bills_company_issued_idx').on(t.companyId, t.issuedAt, t.id),
    index('bills_issued_idx').on(t.issuedAt, t.id),
    index('bills_device_idx').on(t.deviceId, t.issuedAt),
    // What the sender picks up: the unfiscalized, by when they are due.
    index('bills_due_idx').on(t.nextAttemptAt).where(sql`${t.jir} is null`),
    // The unfiscalized list and the bell's alarm count (every page), in the order of the list: a few
    // rows at most, where the company's index walked all its 350,000 demo bills to find none (165 ms).
    index('bills_unfiscalized_idx').on(t.issuedAt, t.id).where(sql`${t.jir} is null`),
    index('bills_jir_idx').on(t.jir),
    index('bills_zki_idx').on(t.zki),
    check('bills_storno_sign', sql`(${t.kind} = 'storno') = (${t.totalCents} < 0)`),
  ],
);
export type BillRow = typeof bills.$inferSelect;

/** Every send of a bill to CIS (the `bills/request` screen): what went, what came back, how long it took. */
export const billAttempts = pgTable(
  'bill_attempts',
  {
    id: idColumn(),
    companyId: companyColumn(),
    billId: integer()
      .notNull()
      .references(() => bills.id, { onDelete: 'restrict' }),
    at: timestamp({ withTimezone: true }).notNull(),
    messageId: text().notNull(),
    late: boolean().notNull(),
    environment: text().$type<FiscalEnvironment>().notNull(),
    requestXml: text().notNull(),
    /** Null while the send is under way (or was cut off by a crash: the next send is then late). */
    answerXml: text(),
    /** `jir`, `error` (CIS's codes), `fault`, `timeout`, `network`, `invalid` (an answer that does not verify); null while under way. */
    outcome: text(),
    errorCode: text(),
    errorMessage: text(),
    durationMs: integer(),
  },
  (t) => [
    index('bill_attempts_bill_idx').on(t.billId, t.at),
    index('bill_attempts_company_at_idx').on(t.companyId, t.at, t.id),
    index('bill_attempts_at_idx').on(t.at, t.id),
    index('bill_attempts_error_idx').on(t.errorCode, t.at),
  ],
);
