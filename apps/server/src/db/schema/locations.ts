import type { PaymentMethod, RentalType, WorkingHours } from '@kovanica/contract';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { cities } from './cities.ts';
import { companyColumn, createdAtColumn, idColumn } from './columns.ts';
import { lessors } from './lessors.ts';
import { users } from './users.ts';

const closed: WorkingHours = { mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null };

/** Locations where devices stand. Rental terms left null fall back to the lessor's. */
export const locations = pgTable(
  'locations',
  {
    id: idColumn(),
    companyId: companyColumn(),
    name: text().notNull(),
    cityId: integer()
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    active: boolean().notNull().default(true),
    lessorId: integer().references(() => lessors.id, { onDelete: 'restrict' }),
    description: text(),
    street: text(),
    address: text(),
    workingHours: jsonb().$type<WorkingHours>().notNull().default(closed),
    responsibleWorkerId: integer().references(() => users.id, { onDelete: 'set null' }),
    rentalType: text().$type<RentalType>(),
    contractRentalAmountCents: integer(),
    incomeLimitCents: integer(),
    rentalPercentageBp: integer(),
    fiscalization: boolean().notNull().default(true),
    paymentMethod: text().$type<PaymentMethod>().notNull().default('cash'),
    premisesLabel: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    tagIds: integer().array().notNull().default([]),
    createdAt: createdAtColumn(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('locations_company_idx').on(t.companyId),
    index('locations_city_idx').on(t.cityId),
    index('locations_lessor_idx').on(t.lessorId),
    index('locations_tags_idx').using('gin', t.tagIds),
  ],
);
export type LocationRow = typeof locations.$inferSelect;
