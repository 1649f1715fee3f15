import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outer } from '../../db/paging.ts';
import { lessors, locations } from '../../db/schema/index.ts';

export const lessorColumns = {
  id: lessors.id,
  name: lessors.name,
  oib: lessors.oib,
  rentalType: lessors.rentalType,
  contractStart: lessors.contractStart,
  contractEnd: lessors.contractEnd,
  company: lessors.companyId,
  createdAt: lessors.createdAt,
};

export const lessorExtras = () => ({
  locationsCount: sql<number>`(select count(*) from ${locations} where ${locations.lessorId} = ${outer(lessors.id)})`.mapWith(Number),
});

export async function lessorDependents(db: Db, id: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(locations)
    .where(eq(locations.lessorId, id));
  return { locations: row?.n ?? 0 };
}
