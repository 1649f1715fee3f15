import type { AlarmKind } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bills } from './bills.ts';
import { companyColumn, idColumn } from './columns.ts';
import { deposits } from './deposits.ts';
import { devices } from './devices.ts';
import { lessors } from './lessors.ts';
import { locations } from './locations.ts';
import { users } from './users.ts';

/**
 * An alarm (docs/rules.md "Alarms"): raised by the alarm sweep when its condition begins, resolved
 * by it when the condition ends. `subject` names what it is about (`devices/12`, `bills/7`): of one
 * kind and subject at most one alarm is open (the partial unique index), so a condition that lasts
 * raises one alarm, not one a minute. Rows are kept after they resolve: the alarms' history.
 */
export const alarms = pgTable(
  'alarms',
  {
    id: idColumn(),
    companyId: companyColumn(),
    kind: text().$type<AlarmKind>().notNull(),
    subject: text().notNull(),
    deviceId: integer().references(() => devices.id, { onDelete: 'cascade' }),
    locationId: integer().references(() => locations.id, { onDelete: 'set null' }),
    depositId: integer().references(() => deposits.id, { onDelete: 'cascade' }),
    billId: integer().references(() => bills.id, { onDelete: 'cascade' }),
    lessorId: integer().references(() => lessors.id, { onDelete: 'cascade' }),
    raisedAt: timestamp({ withTimezone: true }).notNull(),
    /** The figure that raised it, in its kind's unit, as last checked (the contract's `alarmThresholds`). */
    figure: integer(),
    /** A critical device's alarm code. */
    code: text(),
    /** What it costs an hour, in cents (its device's takings in this weekday's hour), and the hour it was reckoned for. */
    lossCentsPerHour: integer().notNull().default(0),
    lossHour: timestamp({ withTimezone: true }),
    acknowledgedAt: timestamp({ withTimezone: true }),
    acknowledgedById: integer().references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp({ withTimezone: true }),
    /**
     * Who has been told (docs/rules.md "Alarms", "Who is told"): null not yet, 0 the first people,
     * 1 the managers too (escalated, at `escalatedAt`).
     */
    notifiedLevel: smallint(),
    escalatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alarms_open_key').on(t.companyId, t.kind, t.subject).where(sql`${t.resolvedAt} is null`),
    index('alarms_company_raised_idx').on(t.companyId, t.raisedAt),
    index('alarms_device_idx').on(t.deviceId),
  ],
);
export type AlarmRow = typeof alarms.$inferSelect;

/**
 * What is sent to a person about an alarm, by e-mail or push: one row per alarm, person, channel and
 * level, so a sweep run twice (two servers, a retry) sends nothing twice. `dueAt` is when it may go
 * (the end of the person's quiet hours); one whose alarm ended or was acknowledged before then is
 * dropped, not sent.
 */
export const alarmDeliveries = pgTable(
  'alarm_deliveries',
  {
    id: idColumn(),
    alarmId: integer()
      .notNull()
      .references(() => alarms.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text().$type<'email' | 'push'>().notNull(),
    level: smallint().notNull(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    status: text().$type<'waiting' | 'sent' | 'failed' | 'dropped'>().notNull().default('waiting'),
    sentAt: timestamp({ withTimezone: true }),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alarm_deliveries_key').on(t.alarmId, t.userId, t.channel, t.level),
    index('alarm_deliveries_waiting_idx').on(t.dueAt).where(sql`${t.status} = 'waiting'`),
  ],
);
export type AlarmDeliveryRow = typeof alarmDeliveries.$inferSelect;

/**
 * A browser or phone a person turned push messages on in (the Web Push subscription its push service
 * gave it): where to send, and the keys the message is encrypted with. One row per endpoint; a push
 * service that answers 404 or 410 has ended it, and it is removed.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: idColumn(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text().notNull(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp({ withTimezone: true }),
    failures: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
