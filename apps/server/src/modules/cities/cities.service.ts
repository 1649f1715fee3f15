import { type City, type CityCreate, type CityPatch, identity } from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import type { Db } from '../../db/client.ts';
import { refuseInUse, uniqueFields } from '../../db/errors.ts';
import { cities } from '../../db/schema/index.ts';
import { cityDependents, cityExtras } from './cities.queries.ts';

/** Cities are shared by every company; only admins change them (the permission says so). */
export function citiesService(db: Db): CrudService<City, CityCreate, CityPatch> {
  const reads = tableReads(db, cities, {
    extras: cityExtras,
    toItem: (row): City => ({
      ...identity('cities', 'City', row.id),
      name: row.name,
      locationsCount: row.locationsCount,
      createdAt: row.createdAt.toISOString(),
    }),
  });
  const uniqueName = <T>(work: () => Promise<T>) => uniqueFields({ cities_name_key: 'name' }, work);

  return {
    ...reads,
    async create(ctx, input) {
      const [row] = await uniqueName(() => db.insert(cities).values({ name: input.name }).returning({ id: cities.id }));
      return (await reads.get(ctx, row?.id ?? 0)) as City;
    },
    async update(ctx, id, patch) {
      if (patch.name !== undefined) await uniqueName(() => db.update(cities).set({ name: patch.name }).where(eq(cities.id, id)));
      return reads.get(ctx, id);
    },
    async remove(ctx, id) {
      if (!(await reads.find(ctx, id))) return false;
      await refuseInUse(
        () => cityDependents(db, id),
        () => db.delete(cities).where(eq(cities.id, id)),
      );
      return true;
    },
  };
}
