import type { KeyObject } from 'node:crypto';
import {
  type Bill,
  type BillAttempt,
  type BillCreate,
  type BillSend,
  type BillStorno,
  businessDate,
  type FiscalizeMode,
  identity,
  iri,
  LATE_DELIVERY_LIMIT_HOURS,
  MACHINE_VAT_PERCENT,
  netOfVat,
  parseIri,
} from '@kovanica/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { DomainError, invalid } from '../../core/errors.ts';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { RowWith } from '../../db/paging.ts';
import { resolveRef, targetCompanyId } from '../../db/references.ts';
import type { BillPayment } from '../../db/schema/index.ts';
import { billAttempts, bills, fiscalCertificates, locations, users } from '../../db/schema/index.ts';
import type { FiscalKeys } from '../../fiscal/keys.ts';
import { computeZki, zkisOf, zkiText } from '../../fiscal/zki.ts';
import { recordChange } from '../audit-log/audit-log.service.ts';
import { billAttemptExtras, billExtras } from './bills.queries.ts';

/** The device's and its company's fiscal data: whether, where and with which certificate bills are issued. */
export interface FiscalContext {
  fiscalize: FiscalizeMode;
  premisesLabel: string | null;
  isu: string | null;
  oib: string;
  inVatSystem: boolean;
  /** The company's active fiscal certificate, its key sealed; none: no bills can be issued. */
  certificate: { id: number; sealedKey: string } | null;
}

/** Where the device stood over the batch's time, and what those locations say of fiscalization. */
export type FiscalPlacements = readonly { locationId: number; fiscalization: boolean; premisesLabel: string | null }[];

/** A payment of the batch that may need a bill: money paid at the machine, outside service mode. */
export interface Billable {
  seq: number;
  at: Date;
  locationId: number | null;
  amountCents: number;
  type: 'coin' | 'note' | 'cashless';
  /** The earliest its bill may be issued at, when later than the payment: the payment's month is closed (docs/rules.md "Month close"). */
  issueFrom?: Date;
}

const PAYMENT: Record<Billable['type'], BillPayment> = { coin: 'G', note: 'G', cashless: 'K' };

/**
 * Where a payment is fiscalized (docs/rules.md "Bills and fiscalization"): the device's setting, or its location's when it
 * inherits (the location it stood at when paid), with the premises label the same way and the
 * device's ISU number. Null: no bill (fiscalization off, or the premises or ISU missing: the
 * transactions-vs-bills comparison lists those payments).
 */
export function billingPlace(
  fiscal: FiscalContext,
  placements: FiscalPlacements,
  payment: Billable,
): { premises: string; isu: string } | null {
  const place = placements.find((p) => p.locationId === payment.locationId);
  const on = fiscal.fiscalize === 'inherit' ? (place?.fiscalization ?? false) : fiscal.fiscalize === 'on';
  const premises = fiscal.premisesLabel ?? place?.premisesLabel ?? null;
  if (!on || !premises || !fiscal.isu) return null;
  return { premises, isu: fiscal.isu };
}

/** A bill row as the insert reads it (`json_to_recordset`). */
interface BillInsert {
  seq: number;
  at: string;
  year: number;
  number: number;
  premises: string;
  isu: string;
  locationId: number | null;
  total: number;
  vatRate: number | null;
  vatBase: number | null;
  vat: number | null;
  payment: BillPayment;
  zki: string;
}

/**
 * Issues the bills of a batch's payments inside the batch's transaction: takes their numbers (per
 * premises, ISU and Zagreb year, in time order; the counter's row lock orders concurrent batches and
 * the transaction's rollback returns numbers it took) and their issue times (the payment's, or the
 * sequence's latest issue time when the payment is older: decision 0041), computes each ZKI with the
 * company's key (a self-service device's operator OIB is the company's), and
 * answers the insert as a CTE of the batch's write statement. A payment stored twice fails the batch
 * on the `(logger, seq)` key rather than leave a gap in the numbers. The sender fiscalizes them after
 * the commit (`bills.sender.ts`).
 */
export async function issueDeviceBills(
  tx: Tx,
  keys: FiscalKeys,
  scope: { companyId: number; deviceId: number; loggerId: number },
  fiscal: FiscalContext,
  placements: FiscalPlacements,
  payments: readonly Billable[],
  /**
   * The demo's history only (demo/history.ts): a bill issued before this is stored fiscalized, with a
   * JIR as the simulated CIS gives one two seconds after issue, rather than replaying a year of sends.
   */
  settledBefore: Date | null = null,
): Promise<SQL | null> {
  if (!fiscal.certificate || payments.length === 0) return null;
  const inOrder = [...payments].sort((a, b) => a.at.getTime() - b.at.getTime() || a.seq - b.seq);
  const billed = inOrder.flatMap((payment) => {
    const place = billingPlace(fiscal, placements, payment);
    const at = payment.issueFrom && payment.issueFrom > payment.at ? payment.issueFrom : payment.at;
    return place ? [{ payment, ...place, at, year: Number(businessDate(at).slice(0, 4)) }] : [];
  });
  if (billed.length === 0) return null;

  const numbers = await takeNumbers(tx, scope.companyId, billed);
  const key = keys.keyOf(fiscal.certificate.id, fiscal.certificate.sealedKey);
  // The ZKIs first, all at once: a large batch is signed on two threads (fiscal/zki.ts).
  const zkis = await zkisOf(
    billed.map(({ payment, premises, isu }, i) => {
      const { number, at } = numbers[i] as Numbered;
      return zkiText({ oib: fiscal.oib, issuedAt: at, number, premises, isu, totalCents: payment.amountCents });
    }),
    key,
  );
  const rows: BillInsert[] = billed.map(({ payment, premises, isu, year }, i) => {
    const { number, at } = numbers[i] as Numbered;
    const total = payment.amountCents;
    const vatBase = fiscal.inVatSystem ? netOfVat(total, MACHINE_VAT_PERCENT) : null;
    return {
      seq: payment.seq,
      at: at.toISOString(),
      year,
      number,
      premises,
      isu,
      locationId: payment.locationId,
      total,
      vatRate: fiscal.inVatSystem ? MACHINE_VAT_PERCENT : null,
      vatBase,
      vat: vatBase === null ? null : total - vatBase,
      payment: PAYMENT[payment.type],
      zki: zkis[i] as string,
    };
  });
  return sql`bi as (insert into bills (company_id, kind, device_id, location_id, logger_id, seq, issued_at, year, number, premises, isu,
      total_cents, in_vat_system, vat_rate, vat_base_cents, vat_cents, payment, oib, operator_oib, zki, certificate_id, next_attempt_at,
      jir, fiscalized_at, attempts)
    select ${scope.companyId}::int, 'device', ${scope.deviceId}::int, b."locationId", ${scope.loggerId}::int, b.seq, b.at, b.year, b.number,
      b.premises, b.isu, b.total, ${fiscal.inVatSystem}::boolean, b."vatRate", b."vatBase", b.vat, b.payment, ${fiscal.oib}::text,
      ${fiscal.oib}::text, b.zki, ${fiscal.certificate.id}::int, case when s.settled then null else now() end,
      case when s.settled then gen_random_uuid()::text end, case when s.settled then b.at + interval '2 seconds' end,
      case when s.settled then 1 else 0 end
    from json_to_recordset(${JSON.stringify(rows)}::json) as b(seq bigint, at timestamptz, year int, number int, premises text, isu text,
      "locationId" int, total int, "vatRate" numeric, "vatBase" int, vat int, payment text, zki text),
      lateral (select b.at < ${settledBefore?.toISOString() ?? null}::timestamptz is true as settled) s)`;
}

/** A bill's number in its sequence and its issue time. */
interface Numbered {
  number: number;
  at: Date;
}

/**
 * Takes the next numbers of a company's sequences (per premises, ISU and Zagreb year), one for each
 * bill in order, with each bill's issue time: its own (`at`), unless the sequence's latest bill was
 * issued later — then that time, so that numbers never run against issue times within a sequence
 * (decision 0041). The counters' rows are locked first (in key order, so concurrent takers queue
 * rather than deadlock) and a rolled-back transaction gives its numbers back: no gaps, no reuse.
 */
async function takeNumbers(
  tx: Tx,
  companyId: number,
  bills: readonly { premises: string; isu: string; year: number; at: Date }[],
): Promise<Numbered[]> {
  const keyOf = (b: { premises: string; isu: string; year: number }) => `${b.premises}\u0000${b.isu}\u0000${b.year}`;
  const sequences = new Map<string, { premises: string; isu: string; year: number }>();
  for (const b of bills) sequences.set(keyOf(b), { premises: b.premises, isu: b.isu, year: b.year });
  // Created or locked, and read as they are now (a concurrent taker's numbers committed before ours).
  const locked = await tx.execute(sql`
    insert into bill_counters (company_id, premises, isu, year, last)
    select ${companyId}::int, c.premises, c.isu, c.year, 0
    from json_to_recordset(${JSON.stringify([...sequences.values()])}::json) as c(premises text, isu text, year int)
    order by c.premises, c.isu, c.year
    on conflict (company_id, premises, isu, year) do update set last = bill_counters.last
    returning premises, isu, year, last, last_issued_at as "lastIssuedAt"`);
  const state = new Map<string, { last: number; issuedAt: number }>();
  for (const row of (
    locked as unknown as { rows: { premises: string; isu: string; year: number; last: number; lastIssuedAt: string | Date | null }[] }
  ).rows) {
    state.set(keyOf(row), {
      last: Number(row.last),
      issuedAt: row.lastIssuedAt === null ? Number.NEGATIVE_INFINITY : new Date(row.lastIssuedAt).getTime(),
    });
  }
  const taken = bills.map((b) => {
    const sequence = state.get(keyOf(b)) as { last: number; issuedAt: number };
    sequence.last += 1;
    sequence.issuedAt = Math.max(sequence.issuedAt, b.at.getTime());
    return { number: sequence.last, at: new Date(sequence.issuedAt) };
  });
  await tx.execute(sql`
    update bill_counters c set last = u.last, last_issued_at = u.at
    from json_to_recordset(${JSON.stringify(
      [...sequences.entries()].map(([key, b]) => {
        const { last, issuedAt } = state.get(key) as { last: number; issuedAt: number };
        return { ...b, last, at: new Date(issuedAt).toISOString() };
      }),
    )}::json) as u(premises text, isu text, year int, last int, at timestamptz)
    where c.company_id = ${companyId} and c.premises = u.premises and c.isu = u.isu and c.year = u.year`);
  return taken;
}

/** The signing key of the active certificate of the company with this OIB (the simulated CIS checks ZKIs with it). */
export async function activeKeyFor(db: Db, keys: FiscalKeys, oib: string): Promise<KeyObject | null> {
  const [certificate] = await db
    .select({ id: fiscalCertificates.id, sealed: fiscalCertificates.privateKeySealed })
    .from(fiscalCertificates)
    .where(and(eq(fiscalCertificates.oib, oib), eq(fiscalCertificates.active, true)))
    .limit(1);
  return certificate ? keys.keyOf(certificate.id, certificate.sealed) : null;
}

type BillRowWith = RowWith<typeof bills, ReturnType<typeof billExtras>>;

export function toBill(row: BillRowWith): Bill {
  return {
    ...identity('bills', 'Bill', row.id),
    company: iri('companies', row.companyId),
    kind: row.kind,
    device: row.deviceId === null ? null : iri('devices', row.deviceId),
    deviceName: row.deviceName,
    location: row.locationId === null ? null : iri('locations', row.locationId),
    locationName: row.locationName,
    number: `${row.number}/${row.premises}/${row.isu}`,
    sequence: row.number,
    premises: row.premises,
    isu: row.isu,
    issuedAt: row.issuedAt.toISOString(),
    totalCents: row.totalCents,
    inVatSystem: row.inVatSystem,
    vatRate: row.vatRate === null ? null : Number(row.vatRate),
    vatBaseCents: row.vatBaseCents,
    vatCents: row.vatCents,
    payment: row.payment,
    oib: row.oib,
    operatorOib: row.operatorOib,
    zki: row.zki,
    jir: row.jir,
    fiscalizedAt: row.fiscalizedAt ? row.fiscalizedAt.toISOString() : null,
    status: row.jir ? 'fiscalized' : 'unfiscalized',
    attempts: row.attempts,
    lastError: row.lastError,
    deliverBy: new Date(row.issuedAt.getTime() + LATE_DELIVERY_LIMIT_HOURS * 3600_000).toISOString(),
    stornoOf: row.stornoOfId === null ? null : iri('bills', row.stornoOfId),
    cancelledBy: row.cancelledById === null ? null : iri('bills', row.cancelledById),
    note: row.note,
  };
}

/** The company's data a bill issued at `at` carries: its OIB, VAT status and a certificate valid then. */
async function issuerOf(tx: Tx, companyId: number, at: Date) {
  const [row] = (
    (await tx.execute(sql`
      select c.oib, c.in_vat_system as "inVatSystem", f.id as "certificateId", f.private_key_sealed as "sealedKey"
      from companies c
      left join fiscal_certificates f on f.company_id = c.id and f.active and f.valid_from <= ${at.toISOString()}::timestamptz
        and f.valid_to > ${at.toISOString()}::timestamptz
      where c.id = ${companyId}`)) as unknown as {
      rows: { oib: string; inVatSystem: boolean; certificateId: number | null; sealedKey: string | null }[];
    }
  ).rows;
  if (!row?.certificateId || !row.sealedKey) throw new DomainError(409, 'no_certificate');
  return { oib: row.oib, inVatSystem: row.inVatSystem, certificate: { id: row.certificateId, sealedKey: row.sealedKey } };
}
type Issuer = Awaited<ReturnType<typeof issuerOf>>;

/** A bill issued by hand: a manual bill, or the storno of a bill. */
export interface HandBill {
  companyId: number;
  kind: 'manual' | 'storno';
  at: Date;
  deviceId: number | null;
  locationId: number | null;
  premises: string;
  isu: string;
  totalCents: number;
  vat: { rate: number; baseCents: number; cents: number } | null;
  payment: BillPayment;
  stornoOfId: number | null;
  note: string | null;
  createdById: number | null;
  /** `OibOper`: the OIB of the person who issues it (`operatorOibOf`, a point of sale's worker's). */
  operatorOib: string;
}

/**
 * The operator OIB of a bill a user issues by hand: the user's own (docs/rules.md). A user without one
 * is refused (422 `operator_oib_missing`): the bill would otherwise name the company as its issuer.
 */
export async function operatorOibOf(tx: Tx | Db, userId: number): Promise<string> {
  const [user] = await tx.select({ oib: users.oib }).from(users).where(eq(users.id, userId));
  if (!user?.oib) throw new DomainError(422, 'operator_oib_missing');
  return user.oib;
}

/** One bill issued by hand (a manual bill or a storno): numbered, its ZKI computed, due for sending at once. */
async function issueOne(tx: Tx, keys: FiscalKeys, issuer: Issuer, bill: HandBill): Promise<number> {
  const year = Number(businessDate(bill.at).slice(0, 4));
  const [taken] = await takeNumbers(tx, bill.companyId, [{ premises: bill.premises, isu: bill.isu, year, at: bill.at }]);
  const { number, at } = taken as Numbered;
  const zki = computeZki(
    { oib: issuer.oib, issuedAt: at, number, premises: bill.premises, isu: bill.isu, totalCents: bill.totalCents },
    keys.keyOf(issuer.certificate.id, issuer.certificate.sealedKey),
  );
  const [row] = await tx
    .insert(bills)
    .values({
      companyId: bill.companyId,
      kind: bill.kind,
      deviceId: bill.deviceId,
      locationId: bill.locationId,
      issuedAt: at,
      // The record is made when the bill is issued: a bill issued at an earlier time (the demo's)
      // says so in its record too.
      createdAt: at,
      year,
      number,
      premises: bill.premises,
      isu: bill.isu,
      totalCents: bill.totalCents,
      inVatSystem: issuer.inVatSystem,
      vatRate: bill.vat?.rate ?? null,
      vatBaseCents: bill.vat?.baseCents ?? null,
      vatCents: bill.vat?.cents ?? null,
      payment: bill.payment,
      oib: issuer.oib,
      operatorOib: bill.operatorOib,
      zki,
      certificateId: issuer.certificate.id,
      nextAttemptAt: at,
      stornoOfId: bill.stornoOfId,
      note: bill.note,
      createdById: bill.createdById,
    })
    .returning({ id: bills.id });
  return row?.id as number;
}

/**
 * The storno of a bill (docs/rules.md "Bills and fiscalization"): the negative of its amount and VAT, same premises, ISU, device,
 * location and payment, issued at `at`.
 */
export function stornoOf(
  original: typeof bills.$inferSelect,
  at: Date,
  note: string | null,
  createdById: number | null,
  operatorOib: string,
): HandBill {
  return {
    companyId: original.companyId,
    kind: 'storno',
    at,
    deviceId: original.deviceId,
    locationId: original.locationId,
    premises: original.premises,
    isu: original.isu,
    totalCents: -original.totalCents,
    vat:
      original.vatRate === null
        ? null
        : { rate: original.vatRate, baseCents: -(original.vatBaseCents ?? 0), cents: -(original.vatCents ?? 0) },
    payment: original.payment,
    stornoOfId: original.id,
    note,
    createdById,
    operatorOib,
  };
}

/** Issues a bill by hand at a given time with the certificate valid then (the demo's bills). */
export async function issueBillAt(tx: Tx, keys: FiscalKeys, bill: HandBill): Promise<number> {
  return issueOne(tx, keys, await issuerOf(tx, bill.companyId, bill.at), bill);
}

/** Bills are read like any big collection (keyset by issue time); they are written by ingestion, the manual form and stornos. */
export function billsService(db: Db, keys: FiscalKeys) {
  const reads = tableReads(db, bills, { company: bills.companyId, extras: billExtras, toItem: toBill });
  const read = (ctx: RequestContext, id: number) => reads.find(ctx, id, null).then((row) => toBill(row as BillRowWith));
  return {
    list: reads.list,
    get: reads.get,

    /** A manual bill (`/bills/new`): VAT at the chosen rate (25 % unless chosen) when the company is in the VAT system. */
    async create(ctx, input) {
      const companyId = await targetCompanyId(db, ctx, input.company);
      const location = input.location
        ? await resolveRef(db, ctx, { table: locations, collection: 'locations', field: 'location', companyId }, input.location)
        : null;
      const id = await db.transaction(async (tx) => {
        const at = new Date();
        const issuer = await issuerOf(tx, companyId, at);
        const operatorOib = await operatorOibOf(tx, ctx.actor.userId);
        if (!issuer.inVatSystem && input.vatRate !== undefined) throw invalid('vatRate', 'vat_not_applicable');
        const rate = input.vatRate ?? MACHINE_VAT_PERCENT;
        const baseCents = netOfVat(input.totalCents, rate);
        const billId = await issueOne(tx, keys, issuer, {
          companyId,
          kind: 'manual',
          at,
          deviceId: null,
          locationId: location?.id ?? null,
          premises: input.premises,
          isu: input.isu,
          totalCents: input.totalCents,
          vat: issuer.inVatSystem ? { rate, baseCents, cents: input.totalCents - baseCents } : null,
          payment: input.payment,
          stornoOfId: null,
          note: input.note ?? null,
          createdById: ctx.actor.userId,
          operatorOib,
        });
        const [bill] = await tx.select().from(bills).where(eq(bills.id, billId));
        await recordChange(tx, ctx, { resource: 'bills', recordId: billId, companyId, action: 'create', after: bill });
        return billId;
      });
      return read(ctx, id);
    },

    /**
     * Cancels a bill with a storno (docs/rules.md "Bills and fiscalization"): the negative of its amount and VAT, same premises,
     * device and payment, its own next number, issued now. The original is locked while it is
     * cancelled, so two stornos of one bill cannot both pass; a storno is not cancelled in turn.
     */
    async storno(ctx: RequestContext, id: number, input: BillStorno): Promise<Bill | null> {
      const stornoId = await db.transaction(async (tx) => {
        // Not tableReads: the original is locked (`for update`) in the storno's transaction; `reads.find` reads outside it.
        const [original] = await tx
          .select()
          .from(bills)
          .where(and(eq(bills.id, id), reads.scope(ctx.visible)))
          .for('update');
        if (!original) return null;
        if (original.kind === 'storno') throw new DomainError(409, 'storno_of_storno');
        const [cancelled] = await tx
          .select({ number: bills.number, premises: bills.premises, isu: bills.isu })
          .from(bills)
          .where(eq(bills.stornoOfId, id));
        if (cancelled)
          throw new DomainError(409, 'already_cancelled', { number: `${cancelled.number}/${cancelled.premises}/${cancelled.isu}` });
        const at = new Date();
        const issuer = await issuerOf(tx, original.companyId, at);
        const operatorOib = await operatorOibOf(tx, ctx.actor.userId);
        const stornoId = await issueOne(tx, keys, issuer, stornoOf(original, at, input.note ?? null, ctx.actor.userId, operatorOib));
        // Recorded on the cancelled bill: its history shows the storno that cancelled it (decision 0028).
        const [storno] = await tx.select().from(bills).where(eq(bills.id, stornoId));
        await recordChange(tx, ctx, { resource: 'bills', recordId: id, companyId: original.companyId, action: 'storno', after: storno });
        return stornoId;
      });
      return stornoId === null ? null : read(ctx, stornoId);
    },

    /**
     * "Send again": the chosen unfiscalized bills, or all of the caller's, are due now (a bill being
     * sent right now is left to that send). Answers how many were queued.
     */
    async send(ctx: RequestContext, input: BillSend): Promise<number> {
      const ids = input.bills?.map((v) => parseIri('bills', v) as number);
      const result = await db.execute(sql`
        update bills set next_attempt_at = now()
        where jir is null and ${reads.scope(ctx.listed) ?? sql`true`}
          ${ids ? sql`and id = any(${`{${ids.join(',')}}`}::int[])` : sql``}`);
      return Number((result as unknown as { rowCount?: number }).rowCount ?? 0);
    },
  } satisfies Pick<CrudService<Bill, BillCreate, never>, 'list' | 'get' | 'create'> & Record<string, unknown>;
}

type AttemptRowWith = RowWith<typeof billAttempts, ReturnType<typeof billAttemptExtras>>;

const toBillAttempt = (row: AttemptRowWith): BillAttempt => ({
  ...identity('bill-attempts', 'BillAttempt', row.id),
  company: iri('companies', row.companyId),
  bill: iri('bills', row.billId),
  billNumber: row.billNumber,
  at: row.at.toISOString(),
  messageId: row.messageId,
  late: row.late,
  environment: row.environment,
  requestXml: row.requestXml,
  answerXml: row.answerXml,
  outcome: row.outcome as BillAttempt['outcome'],
  errorCode: row.errorCode,
  errorMessage: row.errorMessage,
  durationMs: row.durationMs,
});

/** Every send of a bill to CIS, read-only (`bills/request`). */
export function billAttemptsService(db: Db): Pick<CrudService<BillAttempt, never, never>, 'list' | 'get'> {
  const { list, get } = tableReads(db, billAttempts, { company: billAttempts.companyId, extras: billAttemptExtras, toItem: toBillAttempt });
  return { list, get };
}
