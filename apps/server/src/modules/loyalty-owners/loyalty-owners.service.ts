import {
  identity,
  iri,
  type LoyaltyOwner,
  type LoyaltyOwnerAppKey,
  type LoyaltyOwnerCreate,
  type LoyaltyOwnerPatch,
} from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import type { Db } from '../../db/client.ts';
import { refuseInUse } from '../../db/errors.ts';
import type { RowWith } from '../../db/paging.ts';
import { targetCompanyId } from '../../db/references.ts';
import { loyaltyOwners } from '../../db/schema/index.ts';
import { defined, fromBp, toBp } from '../../db/units.ts';
import { credentialHash, newCredential } from '../../security/credentials.ts';
import { loyaltyOwnerDependents, loyaltyOwnerExtras } from './loyalty-owners.queries.ts';

type Row = RowWith<typeof loyaltyOwners, ReturnType<typeof loyaltyOwnerExtras>>;

export function toLoyaltyOwner(row: Row): LoyaltyOwner {
  return {
    ...identity('loyalty-owners', 'LoyaltyOwner', row.id),
    company: iri('companies', row.companyId),
    name: row.name,
    oib: row.oib,
    isOperator: row.isOperator,
    email: row.email,
    phone: row.phone,
    address: row.address,
    commissionPercentage: fromBp(row.commissionBp) ?? 0,
    hasAppKey: row.appKeyHash !== null,
    appKeyIssuedAt: row.appKeyIssuedAt?.toISOString() ?? null,
    holdersCount: row.holdersCount,
    cardsCount: row.cardsCount,
    createdAt: row.createdAt.toISOString(),
  };
}

const columnsOf = (input: LoyaltyOwnerPatch) =>
  defined({
    name: input.name,
    oib: input.oib,
    isOperator: input.isOperator,
    email: input.email,
    phone: input.phone,
    address: input.address,
    commissionBp: toBp(input.commissionPercentage) ?? undefined,
  });

export interface LoyaltyOwnersService extends CrudService<LoyaltyOwner, LoyaltyOwnerCreate, LoyaltyOwnerPatch> {
  issueAppKey(ctx: RequestContext, id: number): Promise<LoyaltyOwnerAppKey | null>;
}

export function loyaltyOwnersService(db: Db): LoyaltyOwnersService {
  const reads = tableReads(db, loyaltyOwners, { company: loyaltyOwners.companyId, extras: loyaltyOwnerExtras, toItem: toLoyaltyOwner });

  return {
    list: reads.list,
    get: reads.get,
    async create(ctx, input) {
      const companyId = await targetCompanyId(db, ctx, input.company);
      const [row] = await db
        .insert(loyaltyOwners)
        .values({ ...columnsOf(input), companyId, name: input.name, oib: input.oib })
        .returning({ id: loyaltyOwners.id });
      return toLoyaltyOwner((await reads.find(ctx, row?.id ?? 0, null)) as Row);
    },
    async update(ctx, id, patch) {
      if (!(await reads.find(ctx, id))) return null;
      await db
        .update(loyaltyOwners)
        .set({ ...columnsOf(patch), updatedAt: new Date() })
        .where(eq(loyaltyOwners.id, id));
      return toLoyaltyOwner((await reads.find(ctx, id, null)) as Row);
    },
    async remove(ctx, id) {
      if (!(await reads.find(ctx, id))) return false;
      await refuseInUse(
        () => loyaltyOwnerDependents(db, id),
        () => db.delete(loyaltyOwners).where(eq(loyaltyOwners.id, id)),
      );
      return true;
    },
    /**
     * Issues the card holders' app a new credential (decision 0006: random, only its SHA-256 kept);
     * the old one stops working at once. The answer is the only copy.
     */
    async issueAppKey(ctx, id) {
      const current = await reads.find(ctx, id);
      if (!current) return null;
      const appKey = newCredential();
      const [row] = await db
        .update(loyaltyOwners)
        .set({ appKeyHash: credentialHash(appKey), appKeyIssuedAt: new Date(), updatedAt: new Date() })
        .where(eq(loyaltyOwners.id, id))
        .returning({ appKeyIssuedAt: loyaltyOwners.appKeyIssuedAt });
      return {
        owner: iri('loyalty-owners', id),
        name: current.name,
        appKey,
        appKeyIssuedAt: (row?.appKeyIssuedAt ?? new Date()).toISOString(),
      };
    },
  };
}
