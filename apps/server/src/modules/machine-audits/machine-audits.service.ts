import { createHash } from 'node:crypto';
import {
  identity,
  iri,
  type MachineAudit,
  type MachineAuditCreate,
  type MachineAuditPatch,
  type MachineAuditSource,
  parseIri,
} from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { DomainError, invalid } from '../../core/errors.ts';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import type { Db, Tx } from '../../db/client.ts';
import { type RowWith, selectOne } from '../../db/paging.ts';
import { resolveRef, targetCompanyId } from '../../db/references.ts';
import { devices, type MachineAuditRow, machineAudits } from '../../db/schema/index.ts';
import { type AuditActor, recordChange } from '../audit-log/audit-log.service.ts';
import { fillDeviceSerials } from '../devices/devices.service.ts';
import { recordAuditSales } from '../planograms/planograms.service.ts';
import { parseEvaDts } from './eva-dts.ts';
import { EvaDtsError, type ParsedAudit } from './eva-dts.types.ts';
import { auditFile, auditOfHash, deviceOfLogger, deviceOfSerials, machineAuditExtras } from './machine-audits.queries.ts';
import { productOf, reconciliationOf, spanOf } from './machine-audits.span.ts';

/** What happened between two audits of a device, free of the database (docs/rules.md "Machine audits"), for other modules (planograms). */
export { spanOf } from './machine-audits.span.ts';

type Row = RowWith<typeof machineAudits, ReturnType<typeof machineAuditExtras>>;

/** An audit as the API gives it: its span from the device's previous audit computed on read. */
export function toMachineAudit(row: Row): MachineAudit {
  const previous = row.previous;
  const computed = previous
    ? spanOf(row, { ...previous, id: iri('machine-audits', previous.id), auditedAt: new Date(previous.auditedAt).toISOString() })
    : null;
  return {
    ...identity('machine-audits', 'MachineAudit', row.id),
    company: iri('companies', row.companyId),
    device: row.deviceId === null ? null : iri('devices', row.deviceId),
    deviceName: row.deviceName,
    fileName: row.fileName,
    source: row.source,
    machineSerial: row.machineSerial,
    boardSerial: row.boardSerial,
    machineModel: row.machineModel,
    auditedAt: row.auditedAt.toISOString(),
    receivedAt: row.receivedAt.toISOString(),
    currency: row.currency,
    counters: row.counters,
    sincePrevious: computed?.span ?? null,
    reconciliation: computed && previous ? reconciliationOf(computed.span, previous) : null,
    products: row.products.map((p) => {
      const article = row.planogram?.[p.selection];
      return {
        ...productOf(p, computed?.paidVendsSince.get(p.selection) ?? null),
        article: article ? iri('articles', article.id) : null,
        articleName: article?.name ?? null,
      };
    }),
    events: row.events,
    blocks: row.blocks,
    receivedByName: row.receivedByName,
  };
}

/**
 * The hash that makes the same file sent twice one audit (docs/rules.md "Machine audits"): SHA-256 of
 * the text with its line ends as `\n` and its trailing blanks dropped, so a file that went through
 * another channel (CRLF to LF) is still the same file.
 */
export const contentHashOf = (content: string) => createHash('sha256').update(content.replace(/\r\n?/g, '\n').trimEnd()).digest('hex');

/** The reader's refusal as a 422 naming the line, nothing written. */
function parsed(content: string): ParsedAudit {
  try {
    return parseEvaDts(content);
  } catch (error) {
    if (!(error instanceof EvaDtsError)) throw error;
    const code = `audit_${error.code}` as const;
    throw new DomainError(
      422,
      code,
      { line: error.line },
      [{ propertyPath: 'content', code, params: { line: error.line } }],
      {},
      {
        line: error.line,
        auditError: error.code,
      },
    );
  }
}

/** What comes in with a file: whose it is, how it came, and the device when the sender knows it. */
export interface AuditIntake {
  companyId: number;
  fileName: string;
  content: string;
  source: MachineAuditSource;
  /** The device the sender names (the device page, a gateway's logger): matched by serial otherwise. */
  deviceId: number | null;
  receivedById: number | null;
  loggerId: number | null;
  receivedAt?: Date;
  /** Who the stock movements of its sales are booked by (the audit trail's actor). */
  who: AuditActor;
}

/**
 * What the audit trail keeps of an audit (docs/rules.md "Audit trail"): the file's name, how it came, its
 * device, what the machine says it is and when it was read; not the file itself, nor its figures (the
 * audit keeps them unchanged, and they would make the line a file long).
 */
export const machineAuditTrail = (row: Omit<MachineAuditRow, 'content' | 'counters' | 'products' | 'events' | 'blocks'>) => ({
  fileName: row.fileName,
  source: row.source,
  deviceId: row.deviceId,
  machineSerial: row.machineSerial,
  boardSerial: row.boardSerial,
  machineModel: row.machineModel,
  auditedAt: row.auditedAt,
  receivedById: row.receivedById,
  loggerId: row.loggerId,
});

/**
 * An audit's sales since the device's audit before it, booked as stock movements of the articles its
 * planogram maps (docs/rules.md "Planograms and audit sales"); once per audit and selection.
 */
async function bookSales(tx: Tx, who: AuditActor, auditId: number) {
  const audit = await machineAuditById(tx, auditId);
  const deviceId = audit?.device ? parseIri('devices', audit.device) : null;
  if (!audit || deviceId === null) return;
  await recordAuditSales(tx, who, {
    companyId: Number(parseIri('companies', audit.company)),
    deviceId,
    auditId,
    auditedAt: new Date(audit.auditedAt),
    products: audit.products.map((p) => ({ selection: p.selection, vends: p.paidVendsSincePrevious ?? 0 })),
  });
}

/**
 * Stores an audit file (docs/rules.md "Machine audits"): read (a refused file is a 422 naming its
 * line, nothing written), matched to the device named or by its serials, its device's empty serials
 * filled from it. The same file again answers the audit stored the first time (`created: false`).
 */
export async function storeAudit(db: Db, intake: AuditIntake): Promise<{ id: number; created: boolean }> {
  const audit = parsed(intake.content);
  const contentHash = contentHashOf(intake.content);
  const existing = await auditOfHash(db, intake.companyId, contentHash);
  if (existing !== null) return { id: existing, created: false };
  const receivedAt = intake.receivedAt ?? new Date();
  return db.transaction(async (tx) => {
    const deviceId = intake.deviceId ?? (await deviceOfSerials(tx, intake.companyId, audit));
    const [row] = await tx
      .insert(machineAudits)
      .values({
        companyId: intake.companyId,
        deviceId,
        fileName: intake.fileName,
        source: intake.source,
        content: intake.content,
        contentHash,
        machineSerial: audit.machineSerial,
        boardSerial: audit.boardSerial,
        machineModel: audit.machineModel,
        currency: audit.currency,
        counters: audit.counters,
        products: audit.products,
        events: audit.events,
        blocks: audit.blocks,
        auditedAt: audit.auditedAt ?? receivedAt,
        receivedAt,
        receivedById: intake.receivedById,
        loggerId: intake.loggerId,
      })
      // The same file sent at the same moment by two: one row, both answered with it.
      .onConflictDoNothing({ target: [machineAudits.companyId, machineAudits.contentHash] })
      .returning();
    if (!row) {
      const id = await auditOfHash(tx, intake.companyId, contentHash);
      if (id === null) throw new Error('audit neither inserted nor found');
      return { id, created: false };
    }
    await recordChange(tx, intake.who, {
      resource: 'machine-audits',
      recordId: row.id,
      companyId: row.companyId,
      action: 'create',
      after: machineAuditTrail(row),
      ...(intake.receivedAt ? { at: intake.receivedAt } : {}),
    });
    if (intake.deviceId !== null) await fillDeviceSerials(tx, intake.deviceId, audit);
    await bookSales(tx, intake.who, row.id);
    return { id: row.id, created: true };
  });
}

/** An audit by id, whoever asks (a gateway's answer; the service's own reads after a write). */
export async function machineAuditById(db: Db | Tx, id: number): Promise<MachineAudit | null> {
  const row = await selectOne(db, machineAudits, id, undefined, machineAuditExtras());
  return row ? toMachineAudit(row) : null;
}

/**
 * A gateway's audit (docs/rules.md "Machine audits"): of the device its logger is fitted to, else
 * matched by its serials within the logger's company.
 */
export async function storeGatewayAudit(
  db: Db,
  logger: { id: number; companyId: number },
  input: { fileName: string; content: string },
): Promise<{ item: MachineAudit; created: boolean }> {
  const deviceId = await deviceOfLogger(db, logger.id);
  const { id, created } = await storeAudit(db, {
    companyId: logger.companyId,
    fileName: input.fileName,
    content: input.content,
    source: 'gateway',
    deviceId,
    receivedById: null,
    loggerId: logger.id,
    who: { machine: `logger ${logger.id}`, ip: null },
  });
  const item = await machineAuditById(db, id);
  if (!item) throw new Error('stored audit not found');
  return { item, created };
}

export interface MachineAuditsService extends Omit<CrudService<MachineAudit, MachineAuditCreate, MachineAuditPatch>, 'create' | 'remove'> {
  create(ctx: RequestContext, input: MachineAuditCreate, source: MachineAuditSource): Promise<{ item: MachineAudit; created: boolean }>;
  /** The file as received, with its name; null: no such audit for the caller. */
  file(ctx: RequestContext, id: number): Promise<{ fileName: string; content: string } | null>;
}

export function machineAuditsService(db: Db): MachineAuditsService {
  const reads = tableReads(db, machineAudits, { company: machineAudits.companyId, extras: machineAuditExtras, toItem: toMachineAudit });

  /** The company and the device of a new audit: the device's company when only a device is named. */
  const targetOf = async (ctx: RequestContext, input: MachineAuditCreate) => {
    if (input.device && !input.company) {
      const device = await resolveRef(db, ctx, { table: devices, collection: 'devices', field: 'device' }, input.device);
      return { companyId: device.companyId, deviceId: device.id };
    }
    const companyId = await targetCompanyId(db, ctx, input.company);
    if (!input.device) return { companyId, deviceId: null };
    const device = await resolveRef(db, ctx, { table: devices, collection: 'devices', field: 'device', companyId }, input.device);
    return { companyId, deviceId: device.id };
  };

  return {
    list: reads.list,
    get: reads.get,

    async create(ctx, input, source) {
      const { companyId, deviceId } = await targetOf(ctx, input);
      const { id, created } = await storeAudit(db, {
        companyId,
        fileName: input.fileName,
        content: input.content,
        source,
        deviceId,
        receivedById: ctx.actor.userId,
        loggerId: null,
        who: ctx,
      });
      const item = await machineAuditById(db, id);
      if (!item) throw new Error('stored audit not found');
      return { item, created };
    },

    /** Assigns the audit to a device of its company (its empty serials filled from it), or takes it back. */
    async update(ctx, id, patch) {
      const current = await reads.find(ctx, id);
      if (!current) return null;
      if (patch.device !== undefined) {
        let deviceId: number | null = null;
        if (patch.device !== null) {
          if (parseIri('devices', patch.device) === null) throw invalid('device', 'iri');
          const device = await resolveRef(
            db,
            ctx,
            { table: devices, collection: 'devices', field: 'device', companyId: current.companyId },
            patch.device,
          );
          deviceId = device.id;
        }
        await db.transaction(async (tx) => {
          await tx.update(machineAudits).set({ deviceId }).where(eq(machineAudits.id, id));
          // Assigned, moved to another device or taken back: one line of the trail (none when it stays).
          await recordChange(tx, ctx, {
            resource: 'machine-audits',
            recordId: id,
            companyId: current.companyId,
            action: 'update',
            before: { deviceId: current.deviceId },
            after: { deviceId },
          });
          if (deviceId !== null) await fillDeviceSerials(tx, deviceId, current);
          await bookSales(tx, ctx, id);
        });
      }
      return machineAuditById(db, id);
    },

    async file(ctx, id) {
      if (!(await reads.find(ctx, id))) return null;
      return auditFile(db, id);
    },
  };
}
