import type { Language, Module, ModuleComponent, StoredAlarmRules } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const companies = pgTable(
  'companies',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    oib: text().notNull(),
    inVatSystem: boolean().notNull().default(true),
    address: text().notNull(),
    phone: text(),
    email: text(),
    notificationEmails: text().array().notNull().default([]),
    sendNotifications: boolean().notNull().default(true),
    sendDailyReports: boolean().notNull().default(false),
    sendDepositNotifications: boolean().notNull().default(false),
    sendDeviceEmptyEvents: boolean().notNull().default(false),
    sendUnverifiedDeposits: boolean().notNull().default(false),
    /** The language of the company's e-mails (decision 0025). */
    language: text().$type<Language>().notNull().default('hr'),
    operationalCostsCents: integer().notNull().default(0),
    isTopGun: boolean().notNull().default(false),
    parentId: integer().references((): AnyPgColumn => companies.id, { onDelete: 'restrict' }),
    activeModules: text().array().$type<Module[]>().notNull().default([]),
    activeModuleComponents: text().array().$type<ModuleComponent[]>().notNull().default([]),
    tokenValueCents: integer().notNull().default(100),
    depositToleranceCents: integer().notNull().default(0),
    /** The most one staff correction of a loyalty card may add or take (each of paid credit and bonus): 200 € unless set. */
    cardCorrectionLimitCents: integer().notNull().default(20_000),
    offlineThresholdMinutes: integer().notNull().default(120),
    /** The alarm kinds' settings the company changed (docs/rules.md "Alarms"); a kind not here is on, at its default. */
    alarmRules: jsonb().$type<StoredAlarmRules>().notNull().default({}),
    /** Minutes an alarm may wait unacknowledged before it goes to the managers too; 0: never (docs/rules.md "Alarms"). */
    alarmEscalationMinutes: integer().notNull().default(30),
    /** The day's visits proposal takes boxes filled to this percent, or full within these days (docs/rules.md "Visits"). */
    visitFillPercent: integer().notNull().default(80),
    visitFullWithinDays: integer().notNull().default(2),
    /** Where the collection rounds start (WGS 84); both or neither. */
    depotLatitude: doublePrecision(),
    depotLongitude: doublePrecision(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('companies_oib_key').on(t.oib),
    check('companies_depot_check', sql`(${t.depotLatitude} is null) = (${t.depotLongitude} is null)`),
  ],
);
export type CompanyRow = typeof companies.$inferSelect;
