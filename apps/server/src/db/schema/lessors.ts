import type { RentalType } from '@kovanica/contract';
import { date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companyColumn, createdAtColumn, idColumn } from './columns.ts';

/** Location owners paid rent. Percentages are stored in hundredths of a percent (12,50 % = 1250). */
export const lessors = pgTable(
  'lessors',
  {
    id: idColumn(),
    companyId: companyColumn(),
    name: text().notNull(),
    oib: text().notNull(),
    contractStart: date({ mode: 'string' }),
    contractEnd: date({ mode: 'string' }),
    rentalType: text().$type<RentalType>().notNull(),
    paymentInsuranceCents: integer(),
    rentalPercentageBp: integer(),
    incomeLimitCents: integer(),
    contractRentalAmountCents: integer(),
    createdAt: createdAtColumn(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lessors_company_idx').on(t.companyId)],
);
export type LessorRow = typeof lessors.$inferSelect;
