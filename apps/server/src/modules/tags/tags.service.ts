import { iri, type Tag, type TagCreate, type TagPatch } from '@kovanica/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uniqueFields } from '../../db/errors.ts';
import { type RowWith, selectOne, selectPage } from '../../db/paging.ts';
import { targetCompanyId } from '../../db/references.ts';
import { devices, locations, tags } from '../../db/schema/index.ts';
import { defined } from '../../db/units.ts';
import type { CrudService } from '../../http/crud.ts';
import { inCompanies } from '../../http/tenancy.ts';
import { tagExtras } from './tags.queries.ts';

type Row = RowWith<typeof tags, ReturnType<typeof tagExtras>>;

export function toTag(row: Row): Tag {
  return {
    '@id': iri('tags', row.id),
    '@type': 'Tag',
    id: row.id,
    company: iri('companies', row.companyId),
    name: row.name,
    colour: row.colour,
    devicesCount: row.devicesCount,
    locationsCount: row.locationsCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export function tagsService(db: Db): CrudService<Tag, TagCreate, TagPatch> {
  const scope = (ids: readonly number[] | null): SQL | undefined => inCompanies(tags.companyId, ids);
  const find = (id: number, ids: readonly number[] | null) => selectOne(db, tags, id, scope(ids), tagExtras());
  const uniqueName = <T>(work: () => Promise<T>) => uniqueFields({ tags_company_name_key: 'name' }, work);

  return {
    async list(ctx, query) {
      const { rows, total } = await selectPage(db, tags, scope(ctx.listed), query, tagExtras());
      return { items: rows.map(toTag), total };
    },
    async get(ctx, id) {
      const row = await find(id, ctx.visible);
      return row ? toTag(row) : null;
    },
    async create(ctx, input) {
      const companyId = await targetCompanyId(db, ctx, input.company);
      const [row] = await uniqueName(() =>
        db.insert(tags).values({ companyId, name: input.name, colour: input.colour.toLowerCase() }).returning({ id: tags.id }),
      );
      return toTag((await find(row?.id ?? 0, null)) as Row);
    },
    async update(ctx, id, patch) {
      if (!(await find(id, ctx.visible))) return null;
      await uniqueName(() =>
        db
          .update(tags)
          .set(defined({ name: patch.name, colour: patch.colour?.toLowerCase() }))
          .where(eq(tags.id, id)),
      );
      return toTag((await find(id, null)) as Row);
    },
    /** A tag is a label: deleting it takes it off its devices and locations, in one transaction. */
    async remove(ctx, id) {
      if (!(await find(id, ctx.visible))) return false;
      await db.transaction(async (tx) => {
        await tx
          .update(devices)
          .set({ tagIds: sql`array_remove(${devices.tagIds}, ${id})` })
          .where(sql`${id} = any(${devices.tagIds})`);
        await tx
          .update(locations)
          .set({ tagIds: sql`array_remove(${locations.tagIds}, ${id})` })
          .where(sql`${id} = any(${locations.tagIds})`);
        await tx.delete(tags).where(eq(tags.id, id));
      });
      return true;
    },
  };
}
