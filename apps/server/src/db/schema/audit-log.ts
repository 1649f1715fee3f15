import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit trail (decision 0028): one row per change of a money row or a setting,
 * written by the service in the change's own transaction. Rows are never changed or deleted: a
 * trigger (migration 0021) refuses UPDATE and DELETE. No foreign keys: a row outlives the record,
 * the user and the company it names (the actor's e-mail is copied for that reason).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The company whose record changed (null: a row of no company, e.g. the global settings). */
    companyId: integer(),
    /** The resource's name stem (`deposits`, `bills`, `settings`, …). */
    resource: text().notNull(),
    recordId: integer().notNull(),
    /** `create`, `update`, `delete`, `verify`, `storno`, `report`, … */
    action: text().notNull(),
    /** The signed-in user who made the change (null: a machine credential, named in `actor`). */
    userId: integer(),
    /** The user's e-mail at the time, or the credential's name. */
    actor: text().notNull(),
    ip: text(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The record before (null for a create); for an update only the fields that changed. */
    before: jsonb().$type<Record<string, unknown>>(),
    /** The record after (null for a delete); for an update only the fields that changed. */
    after: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_company_idx').on(t.companyId, t.at),
    index('audit_log_record_idx').on(t.resource, t.recordId, t.at),
    index('audit_log_user_idx').on(t.userId, t.at),
    index('audit_log_at_idx').on(t.at),
  ],
);
