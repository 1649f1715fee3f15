import {
  type AlarmKind,
  alarmFieldsDescription,
  alarmPreferencesOf,
  escalationRoles,
  formatMoney,
  formatTime,
  iri,
  type Language,
  type QuietHours,
  zagrebOffset,
  zagrebParts,
} from '@kovanica/contract';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { outer } from '../../db/paging.ts';
import { alarmDeliveries, alarms, companies, devices, lessors, locations, mails, pushSubscriptions, users } from '../../db/schema/index.ts';
import { render } from '../mail/mail.service.ts';

/**
 * Who is told of an alarm, by e-mail and push, and when (docs/rules.md "Alarms", "Who is told").
 * The bell and the live lists show every alarm to everyone who may read it; this is the rest.
 *
 * State, not events: an open alarm nobody was told of yet (`notified_level` null) is planned whatever
 * sweep raised it, and an escalation is due by the clock, so a server that stopped between the two
 * loses nothing. Each planned message is a row of `alarm_deliveries` (unique per alarm, person,
 * channel and level): planning or sending twice sends nothing twice.
 */

/** What sends a push message to a person's browsers and phones (the push-subscriptions module). */
export interface AlarmPush {
  sendToUser(userId: number, message: { title: string; body: string; url: string; tag?: string }): Promise<{ sent: number }>;
}

/** At most this many messages go out in one run; the rest in the next (the job is woken again at once). */
const SEND_BATCH = 100;

/** The advisory lock of planning and sending: one at a time, whichever server instance runs them. */
const DELIVERY_LOCK = sql`hashtext('alarm-delivery')`;

export interface Delivered {
  /** Alarms whose first people were told (or, with nobody first, the managers at once). */
  planned: number;
  escalated: number;
  sent: number;
  dropped: number;
  /** More messages wait than one run sends. */
  more: boolean;
}

/** A person who may be told, with their preferences as they apply (worked out once per run). */
type Person = {
  id: number;
  companyId: number;
  kinds: ReadonlySet<AlarmKind>;
  tagIds: readonly number[];
  email: boolean;
  /** Push chosen, and at least one browser or phone to push to. */
  push: boolean;
  quietHours: QuietHours | null;
  /** Holds a role told only when an alarm escalates. */
  escalates: boolean;
};

type OpenAlarm = {
  id: number;
  companyId: number;
  kind: AlarmKind;
  acknowledged: boolean;
  deviceTags: number[] | null;
  locationTags: number[] | null;
};

/** Plans what is due and sends what waits, at `now`. */
export async function deliverAlarms(db: Db, push: AlarmPush | null, now = new Date()): Promise<Delivered> {
  const planned = await db.transaction(async (tx) => {
    // Another instance planning now plans what this one would: this one only sends.
    const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(${DELIVERY_LOCK}) as ok`);
    if ((lock as unknown as { rows: { ok: boolean }[] }).rows[0]?.ok !== true) return { first: 0, escalated: 0 };
    const first = await planFirst(tx, now);
    const escalated = await planEscalations(tx, now);
    return { first, escalated };
  });
  const sending = await sendDue(db, push, now);
  return { planned: planned.first, escalated: planned.escalated, ...sending };
}

/** The open alarms of these ids (or those nobody was told of), with the tags of their device and location. */
async function openAlarms(db: Db | Tx, where: ReturnType<typeof and>): Promise<OpenAlarm[]> {
  return db
    .select({
      id: alarms.id,
      companyId: alarms.companyId,
      kind: alarms.kind,
      acknowledged: sql<boolean>`${alarms.acknowledgedAt} is not null`,
      deviceTags: devices.tagIds,
      locationTags: locations.tagIds,
    })
    .from(alarms)
    .leftJoin(devices, eq(devices.id, alarms.deviceId))
    .leftJoin(locations, eq(locations.id, alarms.locationId))
    .where(where);
}

/** The active people of these companies, with their preferences over their roles' defaults. */
async function peopleOf(db: Db | Tx, companyIds: number[]): Promise<Person[]> {
  if (companyIds.length === 0) return [];
  const rows = await db
    .select({
      id: users.id,
      companyId: users.companyId,
      roles: users.roles,
      stored: users.alarmPreferences,
      pushable: sql<boolean>`exists (select 1 from ${pushSubscriptions} s where s.user_id = ${outer(users.id)})`,
    })
    .from(users)
    .where(and(inArray(users.companyId, companyIds), eq(users.active, true)));
  return rows.map((row) => {
    const preferences = alarmPreferencesOf(row.stored, row.roles, (id) => iri('tags', id));
    return {
      id: row.id,
      companyId: row.companyId,
      kinds: new Set(preferences.kinds),
      tagIds: row.stored.tagIds ?? [],
      email: preferences.email,
      push: preferences.push && row.pushable,
      quietHours: preferences.quietHours,
      escalates: row.roles.some((role) => escalationRoles.includes(role)),
    };
  });
}

/** Whether a person is told of an alarm: its kind is among theirs, and its device or location has one of their tags (if they chose tags). */
function isToldOf(person: Person, alarm: OpenAlarm): boolean {
  if (person.companyId !== alarm.companyId || !person.kinds.has(alarm.kind)) return false;
  // An alarm about no device or location (a lessor's contract) concerns the whole company.
  if (person.tagIds.length === 0 || (alarm.deviceTags === null && alarm.locationTags === null)) return true;
  return [...(alarm.deviceTags ?? []), ...(alarm.locationTags ?? [])].some((tag) => person.tagIds.includes(tag));
}

/**
 * When a message may go to a person: now, or the end of their quiet hours (Europe/Zagreb) if now is
 * within them. `from` after `to` spans midnight (22:00–07:00).
 */
export function dueAfterQuietHours(now: Date, quiet: QuietHours | null | undefined): Date {
  if (!quiet) return now;
  const parts = zagrebParts(now);
  const minute = Number(parts.hour) * 60 + Number(parts.minute);
  const [from, to] = [quiet.from, quiet.to].map((t) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5))) as [number, number];
  const within = from < to ? minute >= from && minute < to : minute >= from || minute < to;
  if (!within) return now;
  // Minutes from now until `to` on the Zagreb clock; a clock change in between makes that an hour more or
  // less. When `to` falls in the hour the clocks skip (spring), the quiet hours end with the jump.
  const wait = (to - minute + 1440) % 1440;
  const wallMinutes = (ms: number) => {
    const p = zagrebParts(ms);
    return (Number(p.hour) * 60 + Number(p.minute) - minute + 1440) % 1440;
  };
  const clock = now.getTime() + wait * 60_000;
  let due = Math.max(now.getTime(), clock - (zagrebOffset(clock) - zagrebOffset(now.getTime())));
  due -= due % 60_000;
  while (wallMinutes(due) < wait && due < clock) due += 60_000;
  return new Date(due);
}

type Planned = { alarm: OpenAlarm; people: Person[]; level: 0 | 1 };

/** The messages of these alarms' levels to their people, e-mail and push as each chose, in one insert. */
async function plan(db: Db | Tx, planned: Planned[], now: Date) {
  const rows = planned.flatMap(({ alarm, people, level }) =>
    people.flatMap((person) => {
      const message = { alarmId: alarm.id, userId: person.id, level, dueAt: dueAfterQuietHours(now, person.quietHours) };
      return [
        ...(person.email ? [{ ...message, channel: 'email' as const }] : []),
        ...(person.push ? [{ ...message, channel: 'push' as const }] : []),
      ];
    }),
  );
  if (rows.length > 0) await db.insert(alarmDeliveries).values(rows).onConflictDoNothing();
}

/**
 * Tells the first people of every open alarm nobody was told of yet: those told of it who hold no
 * escalation role; with nobody such, the managers at once (the alarm counts as escalated). An alarm
 * acknowledged before anyone was told needs nobody.
 */
async function planFirst(db: Db | Tx, now: Date): Promise<number> {
  const fresh = await openAlarms(db, and(isNull(alarms.resolvedAt), isNull(alarms.notifiedLevel)));
  if (fresh.length === 0) return 0;
  const people = await peopleOf(db, [...new Set(fresh.map((a) => a.companyId))]);
  const planned: Planned[] = [];
  for (const alarm of fresh) {
    if (alarm.acknowledged) continue;
    const told = people.filter((p) => isToldOf(p, alarm));
    const first = told.filter((p) => !p.escalates);
    planned.push(first.length > 0 ? { alarm, people: first, level: 0 } : { alarm, people: told, level: 1 });
  }
  await plan(db, planned, now);
  const atOnce = new Set(planned.filter((p) => p.level === 1).map((p) => p.alarm.id));
  const toLevel0 = fresh.filter((a) => !atOnce.has(a.id)).map((a) => a.id);
  if (toLevel0.length > 0) await db.update(alarms).set({ notifiedLevel: 0 }).where(inArray(alarms.id, toLevel0));
  if (atOnce.size > 0)
    await db
      .update(alarms)
      .set({ notifiedLevel: 1, escalatedAt: now })
      .where(inArray(alarms.id, [...atOnce]));
  return fresh.length;
}

/** Tells the managers of every alarm left unacknowledged past its company's escalation minutes. */
async function planEscalations(db: Db | Tx, now: Date): Promise<number> {
  const due = await openAlarms(
    db,
    and(
      isNull(alarms.resolvedAt),
      isNull(alarms.acknowledgedAt),
      eq(alarms.notifiedLevel, 0),
      sql`exists (select 1 from ${companies} c where c.id = ${alarms.companyId} and c.alarm_escalation_minutes > 0
        and ${alarms.raisedAt} <= ${now.toISOString()}::timestamptz - make_interval(mins => c.alarm_escalation_minutes))`,
    ),
  );
  if (due.length === 0) return 0;
  const managers = (await peopleOf(db, [...new Set(due.map((a) => a.companyId))])).filter((p) => p.escalates);
  await plan(
    db,
    due.map((alarm) => ({ alarm, people: managers.filter((p) => isToldOf(p, alarm)), level: 1 as const })),
    now,
  );
  await db
    .update(alarms)
    .set({ notifiedLevel: 1, escalatedAt: now })
    .where(
      inArray(
        alarms.id,
        due.map((a) => a.id),
      ),
    );
  return due.length;
}

/**
 * Sends the messages that are due: an e-mail into the outbox (its sender mails it), a push message
 * to the person's browsers and phones. One whose alarm was resolved or acknowledged meanwhile is
 * dropped: nobody needs it any more.
 */
async function sendDue(db: Db, push: AlarmPush | null, now: Date): Promise<{ sent: number; dropped: number; more: boolean }> {
  const due = await db
    .select({
      id: alarmDeliveries.id,
      channel: alarmDeliveries.channel,
      level: alarmDeliveries.level,
      userId: alarmDeliveries.userId,
      email: users.email,
      userLanguage: users.language,
      companyLanguage: companies.language,
      companyName: companies.name,
      alarmId: alarms.id,
      companyId: alarms.companyId,
      kind: alarms.kind,
      raisedAt: alarms.raisedAt,
      lossCentsPerHour: alarms.lossCentsPerHour,
      over: sql<boolean>`${alarms.resolvedAt} is not null or ${alarms.acknowledgedAt} is not null`,
      deviceName: devices.name,
      locationName: locations.name,
      lessorName: lessors.name,
      escalationMinutes: companies.alarmEscalationMinutes,
      escalatedAt: alarms.escalatedAt,
    })
    .from(alarmDeliveries)
    .innerJoin(alarms, eq(alarms.id, alarmDeliveries.alarmId))
    .innerJoin(users, eq(users.id, alarmDeliveries.userId))
    .innerJoin(companies, eq(companies.id, alarms.companyId))
    .leftJoin(devices, eq(devices.id, alarms.deviceId))
    .leftJoin(locations, eq(locations.id, alarms.locationId))
    .leftJoin(lessors, eq(lessors.id, alarms.lessorId))
    .where(and(eq(alarmDeliveries.status, 'waiting'), lte(alarmDeliveries.dueAt, now)))
    .orderBy(alarmDeliveries.dueAt, alarmDeliveries.id)
    .limit(SEND_BATCH + 1);
  const batch = due.slice(0, SEND_BATCH);
  let sent = 0;
  let dropped = 0;
  for (const d of batch) {
    // Claimed by moving it on from `waiting`: another instance's run that read it too skips it.
    if (d.over) {
      dropped += await settle(db, d.id, 'dropped', now);
      continue;
    }
    const language = d.userLanguage ?? d.companyLanguage;
    // Escalated after waiting (not sent to the managers at once for want of anyone else).
    const escalated = d.level === 1 && d.escalatedAt !== null && d.escalatedAt > d.raisedAt;
    const message = alarmMessage(language, { ...d, escalated });
    if (d.channel === 'email') {
      const claimed = await db.transaction(async (tx) => {
        const n = await settle(tx, d.id, 'sent', now);
        if (n === 0) return 0;
        const content = render({
          subject: message.title,
          heading: message.title,
          paragraphs: [message.body, message.link],
          tables: [],
          footer: message.footer(d.companyName),
        });
        await tx
          .insert(mails)
          .values({
            companyId: d.companyId,
            kind: 'alarm',
            dedupeKey: `alarm:${d.alarmId}:${d.userId}:${d.level}`,
            to: [d.email],
            language,
            ...content,
          })
          .onConflictDoNothing({ target: mails.dedupeKey });
        return n;
      });
      sent += claimed;
      continue;
    }
    // Push: claimed first, then sent; a failure is written on the row (the push sender counts it on the subscription).
    if ((await settle(db, d.id, 'sent', now)) === 0) continue;
    try {
      const result = push
        ? await push.sendToUser(d.userId, { title: message.title, body: message.body, url: message.url, tag: `alarm-${d.alarmId}` })
        : { sent: 0 };
      if (result.sent > 0) sent++;
      else
        await db
          .update(alarmDeliveries)
          .set({ status: 'failed', error: 'no browser or phone took it' })
          .where(eq(alarmDeliveries.id, d.id));
    } catch (error) {
      await db
        .update(alarmDeliveries)
        .set({ status: 'failed', error: (error as Error).message.slice(0, 500) })
        .where(eq(alarmDeliveries.id, d.id));
    }
  }
  return { sent, dropped, more: due.length > SEND_BATCH };
}

/** Moves a waiting message on; answers 1 if this run took it, 0 if another did. */
async function settle(db: Db | Tx, id: number, status: 'sent' | 'dropped', now: Date): Promise<number> {
  const rows = await db
    .update(alarmDeliveries)
    .set({ status, sentAt: status === 'sent' ? now : null })
    .where(and(eq(alarmDeliveries.id, id), eq(alarmDeliveries.status, 'waiting')))
    .returning({ id: alarmDeliveries.id });
  return rows.length;
}

const texts = {
  en: {
    since: (time: string) => `since ${time}`,
    costs: (cents: number) => `costs ${formatMoney(cents)} an hour`,
    escalated: (minutes: number) => `Nobody has taken it in ${minutes} minutes.`,
    link: 'In Kovanica: Alarms → Open alarms.',
    footer: (company: string) => `Kovanica for ${company}: you receive this because of your alarm settings (Alarms → Alarm settings).`,
  },
  hr: {
    since: (time: string) => `od ${time}`,
    costs: (cents: number) => `košta ${formatMoney(cents)} na sat`,
    escalated: (minutes: number) => `Nitko ga nije preuzeo ${minutes} minuta.`,
    link: 'U Kovanici: Alarmi → Otvoreni alarmi.',
    footer: (company: string) => `Kovanica za ${company}: ovu poruku primate zbog svojih postavki alarma (Alarmi → Postavke alarma).`,
  },
} satisfies Record<Language, unknown>;

/** An alarm's message in a language: its kind and what it is about as the title, where, since when and what it costs as the body. */
export function alarmMessage(
  language: Language,
  a: {
    alarmId: number;
    kind: AlarmKind;
    raisedAt: Date;
    lossCentsPerHour: number;
    deviceName: string | null;
    locationName: string | null;
    lessorName: string | null;
    escalated: boolean;
    escalationMinutes: number;
  },
) {
  const t = texts[language];
  const kind = alarmFieldsDescription.words.kinds?.[a.kind]?.[language] ?? a.kind;
  const about = a.deviceName ?? a.lessorName;
  const url = `/alarms/list`;
  const body = [
    [a.locationName, t.since(formatTime(a.raisedAt)), a.lossCentsPerHour > 0 ? t.costs(a.lossCentsPerHour) : null]
      .filter(Boolean)
      .join(' · '),
    a.escalated && a.escalationMinutes > 0 ? t.escalated(a.escalationMinutes) : null,
  ]
    .filter(Boolean)
    .join(' ');
  return {
    title: about ? `${kind}: ${about}` : kind,
    body,
    url,
    link: t.link,
    footer: t.footer,
  };
}
