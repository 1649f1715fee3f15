import { identity, iri, type PosLocation, type PosLocationCreate, type PosLocationPatch, type PosTerminalKey } from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import type { Db, Tx } from '../../db/client.ts';
import { FieldError, refuseInUse } from '../../db/errors.ts';
import type { RowWith } from '../../db/paging.ts';
import { resolveRef, targetCompanyId } from '../../db/references.ts';
import { posLocations, posOwners } from '../../db/schema/index.ts';
import { defined } from '../../db/units.ts';
import { credentialHash, newCredential } from '../../security/credentials.ts';
import { posLocationDependents, posLocationExtras } from './pos-locations.queries.ts';

type Row = RowWith<typeof posLocations, ReturnType<typeof posLocationExtras>>;

export function toPosLocation(row: Row): PosLocation {
  return {
    ...identity('pos-locations', 'PosLocation', row.id),
    company: iri('companies', row.companyId),
    posOwner: iri('pos-owners', row.posOwnerId),
    posOwnerName: row.posOwnerName,
    name: row.name,
    address: row.address,
    premisesLabel: row.premisesLabel,
    isu: row.isu,
    active: row.active,
    terminalKeyIssuedAt: row.terminalKeyIssuedAt?.toISOString() ?? null,
    workersCount: row.workersCount,
    createdAt: row.createdAt.toISOString(),
  };
}

const columnsOf = (input: PosLocationPatch) =>
  defined({ name: input.name, address: input.address, premisesLabel: input.premisesLabel, isu: input.isu, active: input.active });

/** What the POS terminal's API needs of the point of sale its credential names. */
export interface TerminalLocation {
  id: number;
  companyId: number;
  premisesLabel: string;
  isu: string;
  active: boolean;
}

/**
 * The point of sale whose terminal holds this credential, or null: one indexed lookup by the
 * credential's SHA-256 (decision 0006's pattern). An inactive point of sale is returned too, with
 * `active` false, for the caller to refuse.
 */
export async function posLocationByTerminalKey(db: Db | Tx, secret: string): Promise<TerminalLocation | null> {
  if (!secret) return null;
  const [row] = await db
    .select({
      id: posLocations.id,
      companyId: posLocations.companyId,
      premisesLabel: posLocations.premisesLabel,
      isu: posLocations.isu,
      active: posLocations.active,
    })
    .from(posLocations)
    .where(eq(posLocations.terminalKeyHash, credentialHash(secret)));
  return row ?? null;
}

export interface PosLocationsService extends CrudService<PosLocation, PosLocationCreate, PosLocationPatch> {
  issueTerminalKey(ctx: RequestContext, id: number): Promise<PosTerminalKey | null>;
}

export function posLocationsService(db: Db): PosLocationsService {
  const reads = tableReads(db, posLocations, { company: posLocations.companyId, extras: posLocationExtras, toItem: toPosLocation });
  const owner = (ctx: RequestContext, value: string, companyId?: number) =>
    resolveRef(db, ctx, { table: posOwners, collection: 'pos-owners', field: 'posOwner', companyId }, value);

  return {
    list: reads.list,
    get: reads.get,
    async create(ctx, input) {
      // A point of sale is in its owner's company unless the body names one (then they must agree).
      const posOwner = await owner(ctx, input.posOwner);
      const companyId = input.company === undefined ? posOwner.companyId : await targetCompanyId(db, ctx, input.company);
      if (posOwner.companyId !== companyId) throw new FieldError('posOwner', 'other_company');
      const [row] = await db
        .insert(posLocations)
        .values({
          ...columnsOf(input),
          companyId,
          posOwnerId: posOwner.id,
          name: input.name,
          premisesLabel: input.premisesLabel,
          isu: input.isu,
        })
        .returning({ id: posLocations.id });
      return toPosLocation((await reads.find(ctx, row?.id ?? 0, null)) as Row);
    },
    async update(ctx, id, patch) {
      const current = await reads.find(ctx, id);
      if (!current) return null;
      const changes: Partial<typeof posLocations.$inferInsert> = { ...columnsOf(patch), updatedAt: new Date() };
      // Switched off: its terminal's sessions end (switched on again, its workers sign in again).
      if (patch.active === false && current.active) changes.sessionsEndedAt = new Date();
      if (patch.posOwner !== undefined) changes.posOwnerId = (await owner(ctx, patch.posOwner, current.companyId)).id;
      await db.update(posLocations).set(changes).where(eq(posLocations.id, id));
      return toPosLocation((await reads.find(ctx, id, null)) as Row);
    },
    async remove(ctx, id) {
      if (!(await reads.find(ctx, id))) return false;
      await refuseInUse(
        () => posLocationDependents(db, id),
        () => db.delete(posLocations).where(eq(posLocations.id, id)),
      );
      return true;
    },
    /** Issues the terminal's credential, answered this once; a credential issued before stops working at once. */
    async issueTerminalKey(ctx, id) {
      const current = await reads.find(ctx, id);
      if (!current) return null;
      const terminalKey = newCredential();
      const [row] = await db
        .update(posLocations)
        .set({ terminalKeyHash: credentialHash(terminalKey), terminalKeyIssuedAt: new Date(), updatedAt: new Date() })
        .where(eq(posLocations.id, id))
        .returning({ issuedAt: posLocations.terminalKeyIssuedAt });
      return {
        posLocation: iri('pos-locations', id),
        name: current.name,
        terminalKey,
        terminalKeyIssuedAt: (row?.issuedAt ?? new Date()).toISOString(),
      };
    },
  };
}
