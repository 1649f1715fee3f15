import { identity, iri, type PromoBox, type PromoBoxCreate, type PromoBoxPatch, promoBoxViolations } from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { DomainError } from '../../core/errors.ts';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import type { Db } from '../../db/client.ts';
import type { RowWith } from '../../db/paging.ts';
import { resolveRef } from '../../db/references.ts';
import { loyaltyOwners, promoBoxes } from '../../db/schema/index.ts';
import { defined } from '../../db/units.ts';
import { promoBoxExtras } from './promo-boxes.queries.ts';

type Row = RowWith<typeof promoBoxes, ReturnType<typeof promoBoxExtras>>;

export function toPromoBox(row: Row): PromoBox {
  return {
    ...identity('promo-boxes', 'PromoBox', row.id),
    company: iri('companies', row.companyId),
    owner: iri('loyalty-owners', row.ownerId),
    ownerName: row.ownerName,
    title: row.title,
    text: row.text,
    backgroundColor: row.backgroundColor,
    textColor: row.textColor,
    buttonLabel: row.buttonLabel,
    buttonLink: row.buttonLink,
    activeFrom: row.activeFrom,
    activeTo: row.activeTo,
    audience: row.audience,
    createdAt: row.createdAt.toISOString(),
  };
}

const columnsOf = (input: PromoBoxPatch) =>
  defined({
    title: input.title,
    text: input.text,
    backgroundColor: input.backgroundColor?.toLowerCase(),
    textColor: input.textColor?.toLowerCase(),
    buttonLabel: input.buttonLabel,
    buttonLink: input.buttonLink,
    activeFrom: input.activeFrom,
    activeTo: input.activeTo,
    audience: input.audience,
  });

export function promoBoxesService(db: Db): CrudService<PromoBox, PromoBoxCreate, PromoBoxPatch> {
  const reads = tableReads(db, promoBoxes, { company: promoBoxes.companyId, extras: promoBoxExtras, toItem: toPromoBox });
  const ownerOf = (ctx: RequestContext, value: string, companyId?: number) =>
    resolveRef(db, ctx, { table: loyaltyOwners, collection: 'loyalty-owners', field: 'owner', companyId }, value);

  return {
    list: reads.list,
    get: reads.get,
    async create(ctx, input) {
      const owner = await ownerOf(ctx, input.owner);
      const [row] = await db
        .insert(promoBoxes)
        .values({
          ...columnsOf(input),
          companyId: owner.companyId,
          ownerId: owner.id,
          title: input.title,
          backgroundColor: input.backgroundColor.toLowerCase(),
          textColor: input.textColor.toLowerCase(),
          activeFrom: input.activeFrom,
        })
        .returning({ id: promoBoxes.id });
      return toPromoBox((await reads.find(ctx, row?.id ?? 0, null)) as Row);
    },
    async update(ctx, id, patch) {
      const current = await reads.find(ctx, id);
      if (!current) return null;
      // The rules across fields hold for the box as it will be: a patch may name one colour, or one date.
      const merged = { ...toPromoBox(current), ...defined(patch) };
      const violations = promoBoxViolations(merged);
      if (violations.length) {
        throw new DomainError(
          422,
          'validation',
          {},
          violations.map((v) => ({ propertyPath: v.field, code: v.code, params: v.params })),
        );
      }
      const ownerId = patch.owner === undefined ? undefined : (await ownerOf(ctx, patch.owner, current.companyId)).id;
      await db
        .update(promoBoxes)
        .set({ ...columnsOf(patch), ...defined({ ownerId }), updatedAt: new Date() })
        .where(eq(promoBoxes.id, id));
      return toPromoBox((await reads.find(ctx, id, null)) as Row);
    },
    async remove(ctx, id) {
      if (!(await reads.find(ctx, id))) return false;
      await db.delete(promoBoxes).where(eq(promoBoxes.id, id));
      return true;
    },
  };
}
