import {
  type BonusTier,
  bonusFor,
  businessDate,
  identity,
  iri,
  type Promotion,
  type PromotionCreate,
  type PromotionPatch,
  type PromotionShape,
  promotionProblems,
} from '@kovanica/contract';
import { and, asc, eq, gte, isNull, lte, or } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { DomainError } from '../../core/errors.ts';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import type { Db, Tx } from '../../db/client.ts';
import { FieldError, refuseInUse } from '../../db/errors.ts';
import type { RowWith } from '../../db/paging.ts';
import { resolveRef, resolveRefIds, targetCompanyId } from '../../db/references.ts';
import { devices, loyaltyOwners, promotions } from '../../db/schema/index.ts';
import { promotionDependents, promotionExtras } from './promotions.queries.ts';

type Row = RowWith<typeof promotions, ReturnType<typeof promotionExtras>>;

export function toPromotion(row: Row): Promotion {
  return {
    ...identity('promotions', 'Promotion', row.id),
    company: iri('companies', row.companyId),
    owner: iri('loyalty-owners', row.ownerId),
    ownerName: row.ownerName,
    name: row.name,
    kind: row.kind,
    validFrom: row.validFrom,
    validTo: row.validTo,
    active: row.active,
    tiers: row.tiers.map(({ fromCents, bonusBp }) => ({ fromCents, bonusBp })),
    devices: row.deviceIds.map((id) => iri('devices', id)),
    priceCents: row.priceCents,
    weekdays: row.weekdays,
    hoursFrom: row.hoursFrom,
    hoursTo: row.hoursTo,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The kind's rules across fields; all of a promotion's violations at once. */
function check(shape: PromotionShape) {
  const problems = promotionProblems(shape);
  if (problems.length) {
    throw new DomainError(
      422,
      'validation',
      {},
      problems.map((p) => ({ propertyPath: p.path.join('.'), code: p.code, params: p.params })),
    );
  }
}

/** The stored fields of a kind; the other kind's are cleared. */
function kindColumns(shape: PromotionShape & { deviceIds: number[] }) {
  const bonus = shape.kind === 'bonus';
  return {
    kind: shape.kind,
    tiers: bonus ? (shape.tiers ?? []).map(({ fromCents, bonusBp }) => ({ fromCents, bonusBp })) : [],
    deviceIds: bonus ? [] : shape.deviceIds,
    priceCents: bonus ? null : (shape.priceCents ?? null),
    weekdays: bonus ? [] : [...new Set(shape.weekdays ?? [])].sort((a, b) => a - b),
    hoursFrom: bonus ? null : (shape.hoursFrom ?? null),
    hoursTo: bonus ? null : (shape.hoursTo ?? null),
  };
}

/**
 * The bonus a top-up earns on a loyalty owner's programme: of its bonus promotions active and valid
 * on the top-up's Zagreb date, the one that gives the largest bonus for this amount (the older one
 * of equals); null when none gives any.
 */
export async function bonusPromotionFor(
  tx: Db | Tx,
  input: { companyId: number; ownerId: number; at: Date; paidCents: number },
): Promise<{ promotionId: number; bonusCents: number } | null> {
  const day = businessDate(input.at);
  const rows = await tx
    .select({ id: promotions.id, tiers: promotions.tiers })
    .from(promotions)
    .where(
      and(
        eq(promotions.companyId, input.companyId),
        eq(promotions.ownerId, input.ownerId),
        eq(promotions.kind, 'bonus'),
        eq(promotions.active, true),
        lte(promotions.validFrom, day),
        or(isNull(promotions.validTo), gte(promotions.validTo, day)),
      ),
    )
    .orderBy(asc(promotions.id));
  let best: { promotionId: number; bonusCents: number } | null = null;
  for (const row of rows) {
    const bonusCents = bonusFor(row.tiers as BonusTier[], input.paidCents);
    if (bonusCents > 0 && (!best || bonusCents > best.bonusCents)) best = { promotionId: row.id, bonusCents };
  }
  return best;
}

export function promotionsService(db: Db): CrudService<Promotion, PromotionCreate, PromotionPatch> {
  const reads = tableReads(db, promotions, { company: promotions.companyId, extras: promotionExtras, toItem: toPromotion });
  const owner = (ctx: RequestContext, value: string, companyId?: number) =>
    resolveRef(db, ctx, { table: loyaltyOwners, collection: 'loyalty-owners', field: 'owner', companyId }, value);
  const deviceIds = (ctx: RequestContext, values: readonly string[], companyId: number) =>
    resolveRefIds(db, ctx, { table: devices, collection: 'devices', field: 'devices', companyId }, values);

  return {
    list: reads.list,
    get: reads.get,
    async create(ctx, input) {
      // A promotion is in its owner's company unless the body names one (then they must agree).
      const programme = await owner(ctx, input.owner);
      const companyId = input.company === undefined ? programme.companyId : await targetCompanyId(db, ctx, input.company);
      if (programme.companyId !== companyId) throw new FieldError('owner', 'other_company');
      check(input);
      const ids = input.kind === 'happy_hour' ? await deviceIds(ctx, input.devices ?? [], companyId) : [];
      const [row] = await db
        .insert(promotions)
        .values({
          ...kindColumns({ ...input, deviceIds: ids }),
          companyId,
          ownerId: programme.id,
          name: input.name,
          validFrom: input.validFrom,
          validTo: input.validTo ?? null,
          active: input.active ?? true,
        })
        .returning({ id: promotions.id });
      return toPromotion((await reads.find(ctx, row?.id ?? 0, null)) as Row);
    },
    async update(ctx, id, patch) {
      const current = await reads.find(ctx, id);
      if (!current) return null;
      // The rules across fields read the stored promotion with the patch applied.
      const stored = toPromotion(current);
      const merged = {
        kind: patch.kind ?? stored.kind,
        validFrom: patch.validFrom ?? stored.validFrom,
        validTo: patch.validTo === undefined ? stored.validTo : patch.validTo,
        tiers: patch.tiers ?? stored.tiers,
        devices: patch.devices ?? stored.devices,
        priceCents: patch.priceCents === undefined ? stored.priceCents : patch.priceCents,
        weekdays: patch.weekdays ?? stored.weekdays,
        hoursFrom: patch.hoursFrom === undefined ? stored.hoursFrom : patch.hoursFrom,
        hoursTo: patch.hoursTo === undefined ? stored.hoursTo : patch.hoursTo,
      };
      check(merged);
      const ids =
        merged.kind !== 'happy_hour' ? [] : patch.devices ? await deviceIds(ctx, patch.devices, current.companyId) : current.deviceIds;
      const changes: Partial<typeof promotions.$inferInsert> = {
        ...kindColumns({ ...merged, deviceIds: ids }),
        validFrom: merged.validFrom,
        validTo: merged.validTo,
        updatedAt: new Date(),
      };
      if (patch.name !== undefined) changes.name = patch.name;
      if (patch.active !== undefined) changes.active = patch.active;
      if (patch.owner !== undefined) changes.ownerId = (await owner(ctx, patch.owner, current.companyId)).id;
      await db.update(promotions).set(changes).where(eq(promotions.id, id));
      return toPromotion((await reads.find(ctx, id, null)) as Row);
    },
    async remove(ctx, id) {
      if (!(await reads.find(ctx, id))) return false;
      await refuseInUse(
        () => promotionDependents(db, id),
        () => db.delete(promotions).where(eq(promotions.id, id)),
      );
      return true;
    },
  };
}
