import type { VisitReason, VisitStopStatus } from '@kovanica/contract';
import { date, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyColumn, createdAtColumn, idColumn } from './columns.ts';
import { deposits } from './deposits.ts';
import { emptyings } from './device-history.ts';
import { devices } from './devices.ts';
import { locations } from './locations.ts';
import { users } from './users.ts';

/**
 * A visit (docs/rules.md "Visits"): one worker's cash-collection round on one Zagreb day, planned by a
 * manager from the day's proposal. Its stops are in route order from `start` (the depot when planned).
 */
export const visits = pgTable(
  'visits',
  {
    id: idColumn(),
    companyId: companyColumn(),
    day: date({ mode: 'string' }).notNull(),
    /** Who drives it; null while unassigned. */
    workerId: integer().references(() => users.id, { onDelete: 'set null' }),
    startLat: doublePrecision(),
    startLng: doublePrecision(),
    /** Straight-line metres from the start through every stop with coordinates, as planned. */
    distanceMetres: integer().notNull().default(0),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('visits_company_day_idx').on(t.companyId, t.day), index('visits_worker_day_idx').on(t.workerId, t.day)],
);
export type VisitRow = typeof visits.$inferSelect;

/**
 * One device of a visit: what was expected in its box when planned, and, once done, the emptying it
 * recorded (or found) and the deposit the worker counts into. `idempotencyKey` is the key the done
 * request came with: the same key answers the same again.
 */
export const visitStops = pgTable(
  'visit_stops',
  {
    id: idColumn(),
    visitId: integer()
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    deviceId: integer()
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    locationId: integer().references(() => locations.id, { onDelete: 'set null' }),
    position: integer().notNull(),
    reasons: text().array().$type<VisitReason[]>().notNull().default([]),
    expectedCents: integer().notNull().default(0),
    fillPercent: integer(),
    fullOn: date({ mode: 'string' }),
    status: text().$type<VisitStopStatus>().notNull().default('to_do'),
    doneAt: timestamp({ withTimezone: true }),
    doneById: integer().references(() => users.id, { onDelete: 'set null' }),
    emptyingId: integer().references(() => emptyings.id, { onDelete: 'set null' }),
    depositId: integer().references(() => deposits.id, { onDelete: 'set null' }),
    note: text(),
    idempotencyKey: text(),
  },
  (t) => [
    index('visit_stops_visit_idx').on(t.visitId, t.position),
    index('visit_stops_device_idx').on(t.deviceId),
    uniqueIndex('visit_stops_idempotency_key').on(t.visitId, t.idempotencyKey),
  ],
);
export type VisitStopRow = typeof visitStops.$inferSelect;
