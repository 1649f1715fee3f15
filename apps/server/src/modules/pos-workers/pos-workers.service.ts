import {
  identity,
  iri,
  PIN_LOCK_MINUTES,
  PIN_MAX_FAILURES,
  type PosWorker,
  type PosWorkerCreate,
  type PosWorkerPatch,
} from '@kovanica/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import type { Db, Tx } from '../../db/client.ts';
import { FieldError, refuseInUse } from '../../db/errors.ts';
import type { RowWith } from '../../db/paging.ts';
import { resolveRef, targetCompanyId } from '../../db/references.ts';
import { posLocations, posWorkers } from '../../db/schema/index.ts';
import { defined } from '../../db/units.ts';
import { decoyHash, hashPassword, verifyPassword } from '../../security/passwords.ts';
import type { AuditActor } from '../audit-log/audit-log.service.ts';
import { posWorkerDependents, posWorkerExtras } from './pos-workers.queries.ts';

type Row = RowWith<typeof posWorkers, ReturnType<typeof posWorkerExtras>>;

export function toPosWorker(row: Row, now = new Date()): PosWorker {
  return {
    ...identity('pos-workers', 'PosWorker', row.id),
    company: iri('companies', row.companyId),
    posLocation: iri('pos-locations', row.posLocationId),
    posLocationName: row.posLocationName,
    name: row.name,
    surname: row.surname,
    oib: row.oib,
    active: row.active,
    pinSetAt: row.pinSetAt?.toISOString() ?? null,
    lockedUntil: row.lockedUntil && row.lockedUntil > now ? row.lockedUntil.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

const columnsOf = (input: PosWorkerPatch) => defined({ name: input.name, surname: input.surname, oib: input.oib, active: input.active });

/** The stored form of a new PIN: a slow hash like a password's (4–8 digits are few), a fresh count of failures. */
const pinColumns = async (pin: string, now = new Date()) => ({
  pinHash: await hashPassword(pin),
  pinSetAt: now,
  failedPins: 0,
  lockedUntil: null,
});

/** The worker a terminal signed in with a correct PIN. */
/**
 * A terminal's worker as the audit trail names them: the person and the point of sale (`Ana Perić ·
 * POS BLAG1`), not a number, with the terminal's address. A worker deleted since is named by number.
 */
export async function posWorkerActor(db: Db | Tx, workerId: number, ip: string | null): Promise<AuditActor> {
  const [row] = await db
    .select({ name: posWorkers.name, surname: posWorkers.surname, premises: posLocations.premisesLabel })
    .from(posWorkers)
    .innerJoin(posLocations, eq(posLocations.id, posWorkers.posLocationId))
    .where(eq(posWorkers.id, workerId));
  return { machine: row ? `${row.name} ${row.surname} · POS ${row.premises}` : `POS worker ${workerId}`, ip };
}

export interface VerifiedWorker {
  id: number;
  companyId: number;
  posLocationId: number;
  name: string;
  surname: string;
  /** The operator OIB on the bills they issue. */
  oib: string;
}

export type PinCheck = { ok: true; worker: VerifiedWorker } | { ok: false; reason: 'wrong_pin' | 'locked' | 'inactive' | 'unknown' };

/**
 * Checks a worker's PIN at a point of sale's terminal, rate-limited (decision 0023): after
 * `PIN_MAX_FAILURES` wrong PINs in a row the worker is locked out for `PIN_LOCK_MINUTES` (the attempt
 * that locks answers `locked`), and a locked worker's PIN is not even checked. A correct PIN clears
 * the count. A worker of another point of sale is `unknown`, and is checked against a decoy hash so
 * the answer's timing does not tell.
 *
 * Each attempt is taken in one conditional statement before its PIN is checked (docs/api.md,
 * "Limits"): the count goes up at once, and the attempt that makes it `PIN_MAX_FAILURES` locks the
 * worker at once, so however many guesses arrive together, on however many servers, at most that many
 * are ever checked per lockout. A right PIN takes back its own attempt and those counted before it,
 * never those that started after it (nor the lockout one of them set).
 */
export async function verifyWorkerPin(
  db: Db | Tx,
  input: { posLocationId: number; workerId: number; pin: string; now?: Date },
): Promise<PinCheck> {
  const now = (input.now ?? new Date()).toISOString();
  const until = new Date(Date.parse(now) + PIN_LOCK_MINUTES * 60_000).toISOString();
  // An expired lockout starts the count again with this attempt.
  const expired = sql`(${posWorkers.lockedUntil} is not null and ${posWorkers.lockedUntil} <= ${now}::timestamptz)`;
  const count = sql`case when ${expired} then 1 else ${posWorkers.failedPins} + 1 end`;
  const [taken] = await db
    .update(posWorkers)
    .set({
      failedPins: count,
      lockedUntil: sql`case when ${count} >= ${PIN_MAX_FAILURES} then ${until}::timestamptz when ${expired} then null else ${posWorkers.lockedUntil} end`,
    })
    .where(
      and(
        eq(posWorkers.id, input.workerId),
        eq(posWorkers.posLocationId, input.posLocationId),
        eq(posWorkers.active, true),
        sql`${posWorkers.pinHash} is not null`,
        sql`(${posWorkers.lockedUntil} is null or ${posWorkers.lockedUntil} <= ${now}::timestamptz)`,
      ),
    )
    .returning();
  if (!taken) {
    const [worker] = await db
      .select({ active: posWorkers.active, pinHash: posWorkers.pinHash })
      .from(posWorkers)
      .where(and(eq(posWorkers.id, input.workerId), eq(posWorkers.posLocationId, input.posLocationId)));
    if (!worker?.pinHash) {
      await verifyPassword(await decoyHash(), input.pin);
      return { ok: false, reason: 'unknown' };
    }
    return { ok: false, reason: worker.active ? 'locked' : 'inactive' };
  }
  const attempt = taken.failedPins;
  if (await verifyPassword(taken.pinHash ?? '', input.pin)) {
    await db
      .update(posWorkers)
      .set({
        failedPins: sql`greatest(${posWorkers.failedPins} - ${attempt}, 0)`,
        // The lockout this attempt set (it was the last one allowed) is lifted; one a later attempt set stays.
        lockedUntil: attempt >= PIN_MAX_FAILURES ? null : sql`${posWorkers.lockedUntil}`,
      })
      .where(eq(posWorkers.id, taken.id));
    const { id, companyId, posLocationId, name, surname, oib } = taken;
    return { ok: true, worker: { id, companyId, posLocationId, name, surname, oib } };
  }
  return { ok: false, reason: attempt >= PIN_MAX_FAILURES ? 'locked' : 'wrong_pin' };
}

export interface PosWorkersService extends CrudService<PosWorker, PosWorkerCreate, PosWorkerPatch> {
  setPin(ctx: RequestContext, id: number, pin: string): Promise<PosWorker | null>;
}

export function posWorkersService(db: Db): PosWorkersService {
  const reads = tableReads(db, posWorkers, { company: posWorkers.companyId, extras: posWorkerExtras, toItem: (row) => toPosWorker(row) });
  const location = (ctx: RequestContext, value: string, companyId?: number) =>
    resolveRef(db, ctx, { table: posLocations, collection: 'pos-locations', field: 'posLocation', companyId }, value);

  return {
    list: reads.list,
    get: reads.get,
    async create(ctx, input) {
      // A worker is in their point of sale's company unless the body names one (then they must agree).
      const posLocation = await location(ctx, input.posLocation);
      const companyId = input.company === undefined ? posLocation.companyId : await targetCompanyId(db, ctx, input.company);
      if (posLocation.companyId !== companyId) throw new FieldError('posLocation', 'other_company');
      const [row] = await db
        .insert(posWorkers)
        .values({
          ...columnsOf(input),
          ...(await pinColumns(input.pin)),
          companyId,
          posLocationId: posLocation.id,
          name: input.name,
          surname: input.surname,
          oib: input.oib,
        })
        .returning({ id: posWorkers.id });
      return toPosWorker((await reads.find(ctx, row?.id ?? 0, null)) as Row);
    },
    async update(ctx, id, patch) {
      const current = await reads.find(ctx, id);
      if (!current) return null;
      const changes: Partial<typeof posWorkers.$inferInsert> = { ...columnsOf(patch), updatedAt: new Date() };
      if (patch.posLocation !== undefined) changes.posLocationId = (await location(ctx, patch.posLocation, current.companyId)).id;
      await db.update(posWorkers).set(changes).where(eq(posWorkers.id, id));
      return toPosWorker((await reads.find(ctx, id, null)) as Row);
    },
    async remove(ctx, id) {
      if (!(await reads.find(ctx, id))) return false;
      await refuseInUse(
        () => posWorkerDependents(db, id),
        () => db.delete(posWorkers).where(eq(posWorkers.id, id)),
      );
      return true;
    },
    /** A new PIN; the old one stops working, and a lockout is lifted. */
    async setPin(ctx, id, pin) {
      if (!(await reads.find(ctx, id))) return null;
      await db
        .update(posWorkers)
        .set({ ...(await pinColumns(pin)), updatedAt: new Date() })
        .where(eq(posWorkers.id, id));
      return toPosWorker((await reads.find(ctx, id, null)) as Row);
    },
  };
}
