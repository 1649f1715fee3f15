import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { bills, companies, deposits, deviceState, devices, emptyings, locations, mails, users } from '../../db/schema/index.ts';

/**
 * What the mail sweep reads (docs/rules.md, "E-mail notifications"): the companies to mail and, for
 * each kind of mail, the events not yet mailed (no mail in the outbox has the event's dedupe key).
 * Events are looked for over the last day only, so a switch turned on does not mail the history.
 */

/** A bill without a JIR this long after issue raises the fiscal alarm (the law's limit is twice that). */
export const FISCAL_ALARM_HOURS = 24;
/** Rows listed in one mail at most (the count says how many there are). */
export const LISTED = 50;
/** Events of one kind mailed in one sweep at most (the next sweep takes the rest). */
const EVENTS_PER_SWEEP = 500;

/** No mail in the outbox has this dedupe key (an SQL expression of the outer row). */
const notMailed = (db: Db, dedupeKey: SQL) => notExists(db.select({ one: sql`1` }).from(mails).where(eq(mails.dedupeKey, dedupeKey)));
/** After `now` less a day, up to `now`. */
const lastDay = (at: typeof deposits.reportedAt | typeof emptyings.at, now: Date) =>
  and(gt(at, sql`${now}::timestamptz - interval '1 day'`), lte(at, now));

/** The companies that get mail: the master switch on and at least one address, with their switches, by id. */
export function mailRecipients(db: Db) {
  return db
    .select({
      id: companies.id,
      name: companies.name,
      language: companies.language,
      to: companies.notificationEmails,
      daily: companies.sendDailyReports,
      deposits: companies.sendDepositNotifications,
      emptied: companies.sendDeviceEmptyEvents,
      unverified: companies.sendUnverifiedDeposits,
      offlineMinutes: companies.offlineThresholdMinutes,
    })
    .from(companies)
    .where(and(eq(companies.sendNotifications, true), sql`cardinality(${companies.notificationEmails}) > 0`))
    .orderBy(asc(companies.id));
}
export type Recipient = Awaited<ReturnType<typeof mailRecipients>>[number];

/**
 * Deposits of these companies recorded (counted and handed in by a worker) in the day up to `now` and
 * not mailed yet (`deposit:<id>`), oldest record first, at most 500: the device, the counts and who recorded it.
 */
export function depositsToMail(db: Db, now: Date, companyIds: number[]) {
  return db
    .select({
      id: deposits.id,
      companyId: deposits.companyId,
      device: devices.name,
      at: deposits.at,
      reportedCoinsCents: deposits.reportedCoinsCents,
      reportedTokens: deposits.reportedTokens,
      depositCoinsCents: deposits.depositCoinsCents,
      depositTokens: deposits.depositTokens,
      note: deposits.note,
      reporter: sql<string | null>`${users.name} || ' ' || ${users.surname}`,
    })
    .from(deposits)
    .innerJoin(devices, eq(devices.id, deposits.deviceId))
    .leftJoin(users, eq(users.id, deposits.reportedById))
    .where(
      and(
        inArray(deposits.companyId, companyIds),
        isNotNull(deposits.reportedAt),
        lastDay(deposits.reportedAt, now),
        notMailed(db, sql`'deposit:' || ${deposits.id}`),
      ),
    )
    .orderBy(asc(deposits.reportedAt), asc(deposits.id))
    .limit(EVENTS_PER_SWEEP);
}
export type DepositToMail = Awaited<ReturnType<typeof depositsToMail>>[number];

/**
 * Emptyings of these companies' devices (recorded from telemetry) in the day up to `now` and not mailed
 * yet (`device-emptied:<id>`), oldest first, at most 500: the device, its location and what it counted.
 */
export function emptyingsToMail(db: Db, now: Date, companyIds: number[]) {
  return db
    .select({
      id: emptyings.id,
      companyId: emptyings.companyId,
      device: devices.name,
      location: locations.name,
      at: emptyings.at,
      countedCents: emptyings.countedCents,
      countedTokens: emptyings.countedTokens,
    })
    .from(emptyings)
    .innerJoin(devices, eq(devices.id, emptyings.deviceId))
    .leftJoin(locations, eq(locations.id, emptyings.locationId))
    .where(
      and(inArray(emptyings.companyId, companyIds), lastDay(emptyings.at, now), notMailed(db, sql`'device-emptied:' || ${emptyings.id}`)),
    )
    .orderBy(asc(emptyings.at), asc(emptyings.id))
    .limit(EVENTS_PER_SWEEP);
}
export type EmptyingToMail = Awaited<ReturnType<typeof emptyingsToMail>>[number];

/** How many rows of its company a listed row's company has (`total`) and the row's place among them (`n`). */
const countedPerCompany = (companyId: AnyPgColumn, order: SQL) => ({
  total: sql<string>`count(*) over (partition by ${companyId})`.as('total'),
  n: sql<number>`row_number() over (partition by ${companyId} order by ${order})`.as('n'),
});

/**
 * Bills of these companies still without a JIR 24 h after issue, for the companies not alarmed today
 * yet (`fiscal-alarm:<company>:<today>`): the first 50 a company by issue, each with the company's count (`total`).
 */
export function billsWithoutJir(db: Db, now: Date, today: string, companyIds: number[]) {
  const listed = db
    .select({
      id: bills.id,
      companyId: bills.companyId,
      number: bills.number,
      premises: bills.premises,
      isu: bills.isu,
      issuedAt: bills.issuedAt,
      totalCents: bills.totalCents,
      lastError: bills.lastError,
      ...countedPerCompany(bills.companyId, sql`${bills.issuedAt}, ${bills.id}`),
    })
    .from(bills)
    .where(
      and(
        inArray(bills.companyId, companyIds),
        isNull(bills.jir),
        lt(bills.issuedAt, sql`${now}::timestamptz - ${FISCAL_ALARM_HOURS} * interval '1 hour'`),
        notMailed(db, sql`'fiscal-alarm:' || ${bills.companyId} || ':' || ${today}`),
      ),
    )
    .as('listed');
  return db.select().from(listed).where(lte(listed.n, LISTED)).orderBy(asc(listed.companyId), asc(listed.issuedAt), asc(listed.id));
}
export type BillWithoutJir = Awaited<ReturnType<typeof billsWithoutJir>>[number];

/**
 * Deposits of these companies older than a day and not verified, for the companies not reminded today
 * yet (`unverified-deposits:<company>:<today>`): the first 50 a company by time, each with the company's count (`total`).
 */
export function unverifiedDeposits(db: Db, now: Date, today: string, companyIds: number[]) {
  const listed = db
    .select({
      id: deposits.id,
      companyId: deposits.companyId,
      device: devices.name,
      at: deposits.at,
      depositCoinsCents: deposits.depositCoinsCents,
      ...countedPerCompany(deposits.companyId, sql`${deposits.at}, ${deposits.id}`),
    })
    .from(deposits)
    .innerJoin(devices, eq(devices.id, deposits.deviceId))
    .where(
      and(
        inArray(deposits.companyId, companyIds),
        isNull(deposits.verifiedAt),
        lt(deposits.at, sql`${now}::timestamptz - interval '1 day'`),
        notMailed(db, sql`'unverified-deposits:' || ${deposits.companyId} || ':' || ${today}`),
      ),
    )
    .as('listed');
  return db.select().from(listed).where(lte(listed.n, LISTED)).orderBy(asc(listed.companyId), asc(listed.at));
}
export type UnverifiedDeposit = Awaited<ReturnType<typeof unverifiedDeposits>>[number];

/** Of these companies, those whose report of `day` is not in the outbox yet (`daily-report:<company>:<day>`), in the order given. */
export async function withoutDailyReport(db: Db, day: string, companyIds: number[]): Promise<number[]> {
  const key = (id: number) => `daily-report:${id}:${day}`;
  const sent = await db
    .select({ key: mails.dedupeKey })
    .from(mails)
    .where(inArray(mails.dedupeKey, companyIds.map(key)));
  const mailed = new Set(sent.map((m) => m.key));
  return companyIds.filter((id) => !mailed.has(key(id)));
}

/**
 * A company's devices in alarm at `now`: critical, or silent for longer than `offlineMinutes` (or never
 * heard from); critical first, then the most recently heard, then by name, 50 at most.
 */
export function deviceAlarms(db: Db, now: Date, companyId: number, offlineMinutes: number) {
  const critical = sql`coalesce(${deviceState.critical}, false)`;
  return db
    .select({
      device: devices.name,
      critical: deviceState.critical,
      criticalCode: deviceState.criticalCode,
      lastEventAt: deviceState.lastEventAt,
    })
    .from(devices)
    .leftJoin(deviceState, eq(deviceState.deviceId, devices.id))
    .where(
      and(
        eq(devices.companyId, companyId),
        or(
          critical,
          isNull(deviceState.lastEventAt),
          lt(deviceState.lastEventAt, sql`${now}::timestamptz - ${offlineMinutes} * interval '1 minute'`),
        ),
      ),
    )
    .orderBy(sql`${critical} desc`, sql`${deviceState.lastEventAt} desc nulls last`, asc(devices.name))
    .limit(LISTED);
}
export type DeviceAlarm = Awaited<ReturnType<typeof deviceAlarms>>[number];

/**
 * A company's open business at `now`: deposits not verified (how many, and their amount: the worker's
 * count, else telemetry's) and bills without a JIR (how many, and of them older than 24 h).
 */
export async function openItems(db: Db, now: Date, companyId: number) {
  const [unverified] = await db
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      cents: sql<number>`coalesce(sum(coalesce(${deposits.depositCoinsCents}, ${deposits.reportedCoinsCents})), 0)`.mapWith(Number),
    })
    .from(deposits)
    .where(and(eq(deposits.companyId, companyId), isNull(deposits.verifiedAt)));
  const [unfiscalized] = await db
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      overdue:
        sql<number>`count(*) filter (where ${bills.issuedAt} < ${now}::timestamptz - ${FISCAL_ALARM_HOURS} * interval '1 hour')`.mapWith(
          Number,
        ),
    })
    .from(bills)
    .where(and(eq(bills.companyId, companyId), isNull(bills.jir)));
  return {
    unverified: unverified?.count ?? 0,
    unverifiedCents: unverified?.cents ?? 0,
    unfiscalized: unfiscalized?.count ?? 0,
    overdue: unfiscalized?.overdue ?? 0,
  };
}
