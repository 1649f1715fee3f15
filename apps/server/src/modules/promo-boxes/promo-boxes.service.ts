import { identity, iri, type PromoBox, type PromoBoxCreate, type PromoBoxPatch, promoBoxViolations } from '@kovanica/contract';
import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type RowWith, selectOne, selectPage } from '../../db/paging.ts';
import { resolveRef } from '../../db/references.ts';
import { loyaltyOwners, promoBoxes } from '../../db/schema/index.ts';
import { defined } from '../../db/units.ts';
import type { RequestContext } from '../../http/context.ts';
import type { CrudService } from '../../http/crud.ts';
import { ApiProblem } from '../../http/problems.ts';
import { inCompanies } from '../../http/tenancy.ts';
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
  const scope = (ids: readonly number[] | null): SQL | undefined => inCompanies(promoBoxes.companyId, ids);
  const find = (id: number, ids: readonly number[] | null) => selectOne(db, promoBoxes, id, scope(ids), promoBoxExtras());
  const ownerOf = (ctx: RequestContext, value: string, companyId?: number) =>
    resolveRef(db, ctx, { table: loyaltyOwners, collection: 'loyalty-owners', field: 'owner', companyId }, value);

  return {
    async list(ctx, query) {
      const { rows, total } = await selectPage(db, promoBoxes, scope(ctx.listed), query, promoBoxExtras());
      return { items: rows.map(toPromoBox), total };
    },
    async get(ctx, id) {
      const row = await find(id, ctx.visible);
      return row ? toPromoBox(row) : null;
    },
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
      return toPromoBox((await find(row?.id ?? 0, null)) as Row);
    },
    async update(ctx, id, patch) {
      const current = await find(id, ctx.visible);
      if (!current) return null;
      // The rules across fields hold for the box as it will be: a patch may name one colour, or one date.
      const merged = { ...toPromoBox(current), ...defined(patch) };
      const violations = promoBoxViolations(merged);
      if (violations.length) {
        throw new ApiProblem(
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
      return toPromoBox((await find(id, null)) as Row);
    },
    async remove(ctx, id) {
      if (!(await find(id, ctx.visible))) return false;
      await db.delete(promoBoxes).where(eq(promoBoxes.id, id));
      return true;
    },
  };
}
