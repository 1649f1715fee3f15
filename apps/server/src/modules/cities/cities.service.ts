import { type City, type CityCreate, type CityPatch, iri } from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { refuseInUse, uniqueFields } from '../../db/errors.ts';
import { type RowWith, selectOne, selectPage } from '../../db/paging.ts';
import { cities } from '../../db/schema/index.ts';
import type { RequestContext } from '../../http/context.ts';
import type { CrudService } from '../../http/crud.ts';
import { cityDependents, cityExtras } from './cities.queries.ts';

type Row = RowWith<typeof cities, ReturnType<typeof cityExtras>>;

export function toCity(row: Row): City {
  return {
    '@id': iri('cities', row.id),
    '@type': 'City',
    id: row.id,
    name: row.name,
    locationsCount: row.locationsCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Cities are shared by every company; only admins change them (the permission says so). */
export function citiesService(db: Db): CrudService<City, CityCreate, CityPatch> {
  const uniqueName = <T>(work: () => Promise<T>) => uniqueFields({ cities_name_key: 'name' }, work);
  const get = async (ctx: RequestContext, id: number) => {
    const row = await selectOne(db, cities, id, undefined, cityExtras(ctx));
    return row ? toCity(row) : null;
  };

  return {
    async list(ctx, query) {
      const { rows, total } = await selectPage(db, cities, undefined, query, cityExtras(ctx));
      return { items: rows.map(toCity), total };
    },
    get,
    async create(ctx, input) {
      const [row] = await uniqueName(() => db.insert(cities).values({ name: input.name }).returning({ id: cities.id }));
      if (!row) throw new Error('insert returned nothing');
      return (await get(ctx, row.id)) as City;
    },
    async update(ctx, id, patch) {
      if (patch.name !== undefined) await uniqueName(() => db.update(cities).set({ name: patch.name }).where(eq(cities.id, id)));
      return get(ctx, id);
    },
    async remove(ctx, id) {
      if (!(await get(ctx, id))) return false;
      await refuseInUse(
        () => cityDependents(db, id),
        () => db.delete(cities).where(eq(cities.id, id)),
      );
      return true;
    },
  };
}
