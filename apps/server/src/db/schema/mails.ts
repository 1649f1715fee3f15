import type { Language, MailKind, MailStatus } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns.ts';
import { companies } from './companies.ts';

/**
 * The outbox (decision 0025): every e-mail the app composed, committed in the transaction that decided
 * to send it, then sent by the job queue's `mail-sweep`. `dedupe_key` names the event (`deposit:42`,
 * `daily-report:3:2026-11-25`), so one event never mails twice. Without SMTP a mail stays `held`.
 */
export const mails = pgTable(
  'mails',
  {
    id: idColumn(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text().$type<MailKind>().notNull(),
    dedupeKey: text().notNull(),
    to: text().array().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    language: text().$type<Language>().notNull(),
    status: text().$type<MailStatus>().notNull().default('queued'),
    attempts: smallint().notNull().default(0),
    lastError: text(),
    /** When the next send is due (a failed one waits longer each time); also the claim's lease. */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('mails_dedupe_key').on(t.dedupeKey),
    index('mails_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('mails_created_idx').on(t.createdAt, t.id),
    index('mails_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    check('mails_status_check', sql`${t.status} in ('queued', 'sent', 'failed', 'held')`),
    check('mails_language_check', sql`${t.language} in ('en', 'hr')`),
  ],
);
