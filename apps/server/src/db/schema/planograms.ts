import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { articles } from './articles.ts';
import { companyColumn } from './columns.ts';
import { devices } from './devices.ts';
import { machineAudits } from './machine-audits.ts';
import { stockMovements } from './movements.ts';

/**
 * A device's planogram (docs/rules.md "Planograms and audit sales"): which article each selection of
 * the machine holds, one row per selection. The device's and the article's company is `company_id`.
 * A device or an article deleted takes its selections with it.
 */
export const planogramSelections = pgTable(
  'planogram_selections',
  {
    deviceId: integer()
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    companyId: companyColumn(),
    /** The selection as the machine's audit names it (PA101: "11", "A3"). */
    selection: text().notNull(),
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.selection] }), index('planogram_selections_article_idx').on(t.articleId)],
);
export type PlanogramSelectionRow = typeof planogramSelections.$inferSelect;

/**
 * The sales of an audit booked as stock movements (`sale`), one row per audit and selection: what
 * makes recording an audit's sales again book nothing twice (the primary key). `movement_id` is the
 * sale booked for it.
 */
export const auditSales = pgTable(
  'audit_sales',
  {
    auditId: integer()
      .notNull()
      .references(() => machineAudits.id, { onDelete: 'cascade' }),
    selection: text().notNull(),
    companyId: companyColumn(),
    movementId: integer().references(() => stockMovements.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.auditId, t.selection] }), index('audit_sales_movement_idx').on(t.movementId)],
);
export type AuditSaleRow = typeof auditSales.$inferSelect;
