import { identity, iri, type Logger, type LoggerCreate, type LoggerCredential, type LoggerPatch } from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { invalid } from '../../core/errors.ts';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import type { Db } from '../../db/client.ts';
import { refuseInUseLocked, uniqueFields } from '../../db/errors.ts';
import type { RowWith } from '../../db/paging.ts';
import { resolveCompanyRef, targetCompanyId } from '../../db/references.ts';
import { loggers } from '../../db/schema/index.ts';
import { defined } from '../../db/units.ts';
import { credentialHash, newCredential } from '../../security/credentials.ts';
import { lockLoggerAgainstIngestion } from '../telemetry/telemetry.service.ts';
import { loggerDependents, loggerExtras } from './loggers.queries.ts';

type Row = RowWith<typeof loggers, ReturnType<typeof loggerExtras>>;

export function toLogger(row: Row): Logger {
  return {
    ...identity('loggers', 'Logger', row.id),
    company: iri('companies', row.companyId),
    imei: row.imei,
    serial: row.serial,
    firmware: row.firmware,
    simNumber: row.simNumber,
    device: row.deviceId === null ? null : iri('devices', row.deviceId),
    deviceName: row.deviceName,
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    lastTransport: row.lastTransport,
    credentialIssuedAt: row.credentialIssuedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

const columnsOf = (input: LoggerPatch) =>
  defined({ imei: input.imei, serial: input.serial, firmware: input.firmware, simNumber: input.simNumber });

/** The logger a credential belongs to (the routes loggers call, http/logger-auth.ts); null for none. */
export async function loggerByCredential(db: Db, credential: string): Promise<{ id: number; companyId: number; imei: string } | null> {
  const [row] = await db
    .select({ id: loggers.id, companyId: loggers.companyId, imei: loggers.imei })
    .from(loggers)
    .where(eq(loggers.credentialHash, credentialHash(credential)));
  return row ?? null;
}

export const uniqueImei = <T>(work: () => Promise<T>) => uniqueFields({ loggers_imei_key: 'imei' }, work);

/** Inserts loggers with fresh credentials; the credentials are returned once and only hashes kept. */
export async function insertLoggers(db: Db, companyId: number, inputs: Omit<LoggerCreate, 'company'>[], field = 'imei') {
  const issued = inputs.map(() => newCredential());
  const rows = await uniqueFields({ loggers_imei_key: field }, () =>
    db
      .insert(loggers)
      .values(
        inputs.map((input, i) => ({
          ...columnsOf(input),
          companyId,
          imei: input.imei,
          credentialHash: credentialHash(issued[i] as string),
        })),
      )
      .returning({ id: loggers.id, imei: loggers.imei, credentialIssuedAt: loggers.credentialIssuedAt }),
  );
  return rows.map((row, i) => ({ ...row, credential: issued[i] as string }));
}

export interface LoggersService extends CrudService<Logger, LoggerCreate, LoggerPatch> {
  rotateCredential(ctx: RequestContext, id: number): Promise<LoggerCredential | null>;
}

export function loggersService(db: Db): LoggersService {
  const reads = tableReads(db, loggers, { company: loggers.companyId, extras: loggerExtras, toItem: toLogger });

  return {
    list: reads.list,
    get: reads.get,
    async create(ctx, input) {
      const companyId = await targetCompanyId(db, ctx, input.company);
      const [created] = await insertLoggers(db, companyId, [input]);
      if (!created) throw new Error('insert returned nothing');
      return { ...toLogger((await reads.find(ctx, created.id, null)) as Row), credential: created.credential };
    },
    async update(ctx, id, patch) {
      const current = await reads.find(ctx, id);
      if (!current) return null;
      const changes: Partial<typeof loggers.$inferInsert> = { ...columnsOf(patch), updatedAt: new Date() };
      if (patch.company !== undefined) {
        const company = await resolveCompanyRef(db, ctx, 'company', patch.company);
        // A fitted logger moves with its device, never on its own.
        if (company.id !== current.companyId && current.deviceId !== null) throw invalid('company', 'logger_taken');
        changes.companyId = company.id;
      }
      await uniqueImei(() => db.update(loggers).set(changes).where(eq(loggers.id, id)));
      return toLogger((await reads.find(ctx, id, null)) as Row);
    },
    async remove(ctx, id) {
      if (!(await reads.find(ctx, id))) return false;
      await refuseInUseLocked(
        db,
        (tx) => lockLoggerAgainstIngestion(tx, id),
        (tx) => loggerDependents(tx, id),
        (tx) => tx.delete(loggers).where(eq(loggers.id, id)),
      );
      return true;
    },
    /** Issues a new credential; the old one stops working at once. */
    async rotateCredential(ctx, id) {
      const current = await reads.find(ctx, id);
      if (!current) return null;
      const credential = newCredential();
      const [row] = await db
        .update(loggers)
        .set({ credentialHash: credentialHash(credential), credentialIssuedAt: new Date(), updatedAt: new Date() })
        .where(eq(loggers.id, id))
        .returning({ credentialIssuedAt: loggers.credentialIssuedAt });
      return {
        logger: iri('loggers', id),
        imei: current.imei,
        credential,
        credentialIssuedAt: (row?.credentialIssuedAt ?? new Date()).toISOString(),
      };
    },
  };
}
