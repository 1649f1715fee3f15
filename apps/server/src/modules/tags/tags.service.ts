import { identity, iri, type Tag, type TagCreate, type TagPatch } from '@kovanica/contract';
import { eq, sql } from 'drizzle-orm';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import type { Db } from '../../db/client.ts';
import { uniqueFields } from '../../db/errors.ts';
import { targetCompanyId } from '../../db/references.ts';
import { devices, locations, tags } from '../../db/schema/index.ts';
import { defined } from '../../db/units.ts';
import { tagExtras } from './tags.queries.ts';

/** The tags of a device or a location with their names and colours, for the modules that list them. */
export { tagLabelsOf, toTagLabels } from './tags.queries.ts';

/** Coloured labels of one company's devices and locations. */
export function tagsService(db: Db): CrudService<Tag, TagCreate, TagPatch> {
  const reads = tableReads(db, tags, {
    company: tags.companyId,
    extras: tagExtras,
    toItem: (row): Tag => ({
      ...identity('tags', 'Tag', row.id),
      company: iri('companies', row.companyId),
      name: row.name,
      colour: row.colour,
      devicesCount: row.devicesCount,
      locationsCount: row.locationsCount,
      createdAt: row.createdAt.toISOString(),
    }),
  });
  const uniqueName = <T>(work: () => Promise<T>) => uniqueFields({ tags_company_name_key: 'name' }, work);

  return {
    ...reads,
    async create(ctx, input) {
      const companyId = await targetCompanyId(db, ctx, input.company);
      const [row] = await uniqueName(() =>
        db.insert(tags).values({ companyId, name: input.name, colour: input.colour.toLowerCase() }).returning({ id: tags.id }),
      );
      return (await reads.get(ctx, row?.id ?? 0)) as Tag;
    },
    async update(ctx, id, patch) {
      if (!(await reads.find(ctx, id))) return null;
      await uniqueName(() =>
        db
          .update(tags)
          .set(defined({ name: patch.name, colour: patch.colour?.toLowerCase() }))
          .where(eq(tags.id, id)),
      );
      return reads.get(ctx, id);
    },
    /** A tag is a label: deleting it takes it off its devices and locations, in one transaction. */
    async remove(ctx, id) {
      if (!(await reads.find(ctx, id))) return false;
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
