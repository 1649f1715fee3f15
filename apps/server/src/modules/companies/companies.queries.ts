import { eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type CollectionColumns, idsOf } from '../../core/collection.ts';
import type { Db } from '../../db/client.ts';
import { articles, companies, devices, lessors, locations, loggers, repositories, tags, users } from '../../db/schema/index.ts';

export const companyColumns: CollectionColumns = {
  id: companies.id,
  name: companies.name,
  oib: companies.oib,
  isTopGun: companies.isTopGun,
  parent: companies.parentId,
  // A company and its subsidiaries (the legacy app's `list-my`, docs/glossary.md).
  group: {
    derived: (values, param) => {
      const ids = idsOf(values, param);
      return or(inArray(companies.id, ids), inArray(companies.parentId, ids)) as SQL;
    },
  },
  createdAt: companies.createdAt,
};

/** The company and those above it, nearest first, by their `parent`; it stops at a loop should one exist. */
export async function companyAndAncestors(db: Db, id: number): Promise<number[]> {
  const chain: number[] = [];
  for (let next: number | null = id; next !== null && !chain.includes(next); ) {
    chain.push(next);
    const [row] = await db.select({ parentId: companies.parentId }).from(companies).where(eq(companies.id, next));
    next = row?.parentId ?? null;
  }
  return chain;
}

/** How many rows still point at a company. */
export async function companyDependents(db: Db, id: number) {
  const [row] = await db
    .select({
      users: sql<number>`(select count(*) from ${users} where ${users.companyId} = ${id})`.mapWith(Number),
      companies: sql<number>`(select count(*) from ${companies} where ${companies.parentId} = ${id})`.mapWith(Number),
      lessors: sql<number>`(select count(*) from ${lessors} where ${lessors.companyId} = ${id})`.mapWith(Number),
      locations: sql<number>`(select count(*) from ${locations} where ${locations.companyId} = ${id})`.mapWith(Number),
      loggers: sql<number>`(select count(*) from ${loggers} where ${loggers.companyId} = ${id})`.mapWith(Number),
      devices: sql<number>`(select count(*) from ${devices} where ${devices.companyId} = ${id})`.mapWith(Number),
      tags: sql<number>`(select count(*) from ${tags} where ${tags.companyId} = ${id})`.mapWith(Number),
      articles: sql<number>`(select count(*) from ${articles} where ${articles.companyId} = ${id})`.mapWith(Number),
      repositories: sql<number>`(select count(*) from ${repositories} where ${repositories.companyId} = ${id})`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  if (!row) throw new Error('count returned nothing');
  return row;
}
