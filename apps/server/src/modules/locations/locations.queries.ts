import type { RentalType } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outer } from '../../db/paging.ts';
import { cities, devicePlacements, devices, lessors, locations, users } from '../../db/schema/index.ts';
import { tagLabelsOf } from '../tags/tags.service.ts';

export const locationColumns = {
  id: locations.id,
  name: locations.name,
  city: locations.cityId,
  lessor: locations.lessorId,
  active: locations.active,
  tags: locations.tagIds,
  responsibleWorker: locations.responsibleWorkerId,
  company: locations.companyId,
  createdAt: locations.createdAt,
};

/** The lessor's terms a location falls back to. */
export interface LessorTerms {
  name: string;
  rentalType: RentalType;
  contractRentalAmountCents: number | null;
  incomeLimitCents: number | null;
  rentalPercentageBp: number | null;
}

export const locationExtras = () => ({
  tagLabels: tagLabelsOf(locations.tagIds),
  cityName: sql<string>`(select ${cities.name} from ${cities} where ${cities.id} = ${outer(locations.cityId)})`,
  lessorTerms: sql<LessorTerms | null>`(select json_build_object(
    'name', ${lessors.name}, 'rentalType', ${lessors.rentalType},
    'contractRentalAmountCents', ${lessors.contractRentalAmountCents}, 'incomeLimitCents', ${lessors.incomeLimitCents},
    'rentalPercentageBp', ${lessors.rentalPercentageBp}) from ${lessors} where ${lessors.id} = ${outer(locations.lessorId)})`,
  responsibleWorkerName: sql<
    string | null
  >`(select ${users.name} || ' ' || ${users.surname} from ${users} where ${users.id} = ${outer(locations.responsibleWorkerId)})`,
  devicesCount: sql<number>`(select count(*) from ${devices} where ${devices.locationId} = ${outer(locations.id)})`.mapWith(Number),
});

/** Devices standing at the location now, and placements in its history (their revenue belongs to it). */
export async function locationDependents(db: Db, id: number) {
  const [row] = await db
    .select({
      devices: sql<number>`(select count(*) from ${devices} where ${devices.locationId} = ${id})`.mapWith(Number),
      placements: sql<number>`(select count(*) from ${devicePlacements} where ${devicePlacements.locationId} = ${id})`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  const devicesNow = row?.devices ?? 0;
  return { devices: devicesNow, placements: Math.max(0, (row?.placements ?? 0) - devicesNow) };
}
