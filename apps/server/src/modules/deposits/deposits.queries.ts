import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { badQuery, type DerivedFilter } from '../../core/collection.ts';
import { outer } from '../../db/paging.ts';
import { companies, deposits, devices, locations, users } from '../../db/schema/index.ts';

/** A deposit's status from its columns (no status column to drift from them). */
const statusFilter: DerivedFilter = {
  derived: (values, param) => {
    const conditions: Record<string, SQL> = {
      awaiting_count: sql`${deposits.depositCoinsCents} is null`,
      pending_verification: sql`(${deposits.depositCoinsCents} is not null and ${deposits.verifiedAt} is null)`,
      verified: sql`${deposits.verifiedAt} is not null`,
    };
    const chosen = values.map((v) => {
      // Own keys only: `constructor` is no status.
      const condition = Object.hasOwn(conditions, v) ? conditions[v] : undefined;
      if (!condition) throw badQuery(param, 'choice');
      return condition;
    });
    return sql`(${sql.join(chosen, sql` or `)})`;
  },
};

export const depositColumns = {
  id: deposits.id,
  device: deposits.deviceId,
  location: deposits.locationId,
  at: deposits.at,
  company: deposits.companyId,
  status: statusFilter,
};

const personName = (id: PgColumn) =>
  sql<string | null>`(select ${users.name} || ' ' || ${users.surname} from ${users} where ${users.id} = ${outer(id)})`;

export const depositExtras = () => ({
  deviceName: sql<string>`(select ${devices.name} from ${devices} where ${devices.id} = ${outer(deposits.deviceId)})`,
  tokenValueCents:
    sql<number>`(select ${devices.tokenValueCents} from ${devices} where ${devices.id} = ${outer(deposits.deviceId)})`.mapWith(Number),
  locationName: sql<string | null>`(select ${locations.name} from ${locations} where ${locations.id} = ${outer(deposits.locationId)})`,
  toleranceCents:
    sql<number>`(select ${companies.depositToleranceCents} from ${companies} where ${companies.id} = ${outer(deposits.companyId)})`.mapWith(
      Number,
    ),
  reportedByName: personName(deposits.reportedById),
  verifiedByName: personName(deposits.verifiedById),
});
