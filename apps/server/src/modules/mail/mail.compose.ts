import { addDays, businessDate, type Language, type MailKind, zagrebParts } from '@kovanica/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mails } from '../../db/schema/index.ts';
import type { RequestContext } from '../../http/context.ts';
import { revenueReport } from '../revenue/revenue.service.ts';
import { formatCount, formatDate, formatDateTime, formatMoney, type MailContent, mailWords, render } from './mail.texts.ts';

/**
 * Which e-mails are due (docs/rules.md, "E-mail notifications"): each a sweep over the tables that
 * finds the events not yet mailed (by the mail's dedupe key) and commits their mails to the outbox.
 * Events are looked for over the last day only, so a switch turned on does not mail the history.
 */

/** The hour (Europe/Zagreb) from which the day's report and reminder go out. */
export const DAILY_HOUR = 6;
/** A bill without a JIR this long after issue raises the fiscal alarm; the law's limit is twice that. */
const FISCAL_ALARM_HOURS = 24;
const FISCAL_LIMIT_HOURS = 48;
/** Rows listed in one mail at most (the count says how many there are). */
const LISTED = 50;

interface Recipient {
  id: number;
  name: string;
  language: Language;
  to: string[];
  daily: boolean;
  deposits: boolean;
  emptied: boolean;
  unverified: boolean;
  offlineMinutes: number;
}

type Outgoing = { companyId: number; kind: MailKind; dedupeKey: string; to: string[]; language: Language } & ReturnType<typeof render>;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const ids = (list: Recipient[]) => sql.param(list.map((r) => r.id));
const money = (v: unknown) => formatMoney(Number(v));

/** Composes and commits every mail due at `now`; answers how many were added to the outbox. */
export async function composeDue(db: Db, now: Date): Promise<number> {
  const recipients = (
    await rows<{
      id: number;
      name: string;
      language: Language;
      notification_emails: string[];
      send_daily_reports: boolean;
      send_deposit_notifications: boolean;
      send_device_empty_events: boolean;
      send_unverified_deposits: boolean;
      offline_threshold_minutes: number;
    }>(
      db,
      sql`select id, name, language, notification_emails, send_daily_reports, send_deposit_notifications, send_device_empty_events,
            send_unverified_deposits, offline_threshold_minutes
          from companies where send_notifications and cardinality(notification_emails) > 0 order by id`,
    )
  ).map(
    (c): Recipient => ({
      id: c.id,
      name: c.name,
      language: c.language,
      to: c.notification_emails,
      daily: c.send_daily_reports,
      deposits: c.send_deposit_notifications,
      emptied: c.send_device_empty_events,
      unverified: c.send_unverified_deposits,
      offlineMinutes: c.offline_threshold_minutes,
    }),
  );
  if (recipients.length === 0) return 0;
  const byId = new Map(recipients.map((r) => [r.id, r]));
  const dailyTime = Number(zagrebParts(now).hour) >= DAILY_HOUR;
  const today = businessDate(now);
  const outgoing: Outgoing[] = [
    ...(await depositMails(
      db,
      now,
      recipients.filter((r) => r.deposits),
    )),
    ...(await emptiedMails(
      db,
      now,
      recipients.filter((r) => r.emptied),
    )),
    ...(await fiscalAlarms(db, now, today, recipients)),
    ...(dailyTime
      ? await unverifiedReminders(
          db,
          now,
          today,
          recipients.filter((r) => r.unverified),
        )
      : []),
    ...(dailyTime
      ? await dailyReports(
          db,
          now,
          addDays(today, -1),
          recipients.filter((r) => r.daily),
        )
      : []),
  ];
  if (outgoing.length === 0) return 0;
  const added = await db.transaction(async (tx) =>
    tx.insert(mails).values(outgoing).onConflictDoNothing({ target: mails.dedupeKey }).returning({ id: mails.id }),
  );
  return added.length;

  function mail(company: Recipient, kind: MailKind, dedupeKey: string, content: MailContent): Outgoing {
    return { companyId: company.id, kind, dedupeKey, to: company.to, language: company.language, ...render(content) };
  }

  /** A deposit recorded (counted and handed in by a worker) in the last day. */
  async function depositMails(db: Db, now: Date, companies: Recipient[]): Promise<Outgoing[]> {
    if (companies.length === 0) return [];
    const found = await rows<{
      id: number;
      company_id: number;
      device: string;
      at: Date;
      reported_coins_cents: string;
      reported_tokens: string;
      deposit_coins_cents: string | null;
      deposit_tokens: string | null;
      note: string | null;
      reporter: string | null;
    }>(
      db,
      sql`select d.id, d.company_id, v.name as device, d.at, d.reported_coins_cents, d.reported_tokens, d.deposit_coins_cents,
            d.deposit_tokens, d.note, u.name || ' ' || u.surname as reporter
          from deposits d join devices v on v.id = d.device_id left join users u on u.id = d.reported_by_id
          where d.company_id = any(${ids(companies)}) and d.reported_at is not null
            and d.reported_at > ${now}::timestamptz - interval '1 day' and d.reported_at <= ${now}
            and not exists (select 1 from mails m where m.dedupe_key = 'deposit:' || d.id)
          order by d.reported_at, d.id limit 500`,
    );
    return found.map((d) => {
      const company = byId.get(d.company_id) as Recipient;
      const w = mailWords(company.language);
      const coins = Number(d.deposit_coins_cents ?? 0) - Number(d.reported_coins_cents);
      const tokens = Number(d.deposit_tokens ?? 0) - Number(d.reported_tokens);
      return mail(company, 'deposit', `deposit:${d.id}`, {
        subject: w.deposit.subject(d.device),
        heading: w.deposit.heading(d.device),
        paragraphs: [w.deposit.body(formatDateTime(new Date(d.at)), d.reporter), ...(d.note ? [d.note] : [])],
        tables: [
          {
            caption: w.deposit.what,
            head: w.deposit.head,
            rows: [
              [w.deposit.coins, money(d.reported_coins_cents), money(d.deposit_coins_cents ?? 0), formatMoney(coins)],
              [w.deposit.tokens, formatCount(Number(d.reported_tokens)), formatCount(Number(d.deposit_tokens ?? 0)), formatCount(tokens)],
            ],
          },
        ],
        footer: w.footer(company.name),
      });
    });
  }

  /** A device's cash box emptied (an emptying recorded from telemetry) in the last day. */
  async function emptiedMails(db: Db, now: Date, companies: Recipient[]): Promise<Outgoing[]> {
    if (companies.length === 0) return [];
    const found = await rows<{
      id: number;
      company_id: number;
      device: string;
      location: string | null;
      at: Date;
      counted_cents: string;
      counted_tokens: string;
    }>(
      db,
      sql`select e.id, e.company_id, v.name as device, l.name as location, e.at, e.counted_cents, e.counted_tokens
          from emptyings e join devices v on v.id = e.device_id left join locations l on l.id = e.location_id
          where e.company_id = any(${ids(companies)}) and e.at > ${now}::timestamptz - interval '1 day' and e.at <= ${now}
            and not exists (select 1 from mails m where m.dedupe_key = 'device-emptied:' || e.id)
          order by e.at, e.id limit 500`,
    );
    return found.map((e) => {
      const company = byId.get(e.company_id) as Recipient;
      const w = mailWords(company.language);
      return mail(company, 'device-emptied', `device-emptied:${e.id}`, {
        subject: w.emptied.subject(e.device),
        heading: w.emptied.heading(e.device),
        paragraphs: [w.emptied.body(formatDateTime(new Date(e.at)), e.location, Number(e.counted_cents), Number(e.counted_tokens))],
        tables: [],
        footer: w.footer(company.name),
      });
    });
  }

  /** Bills without a JIR 24 h after issue: one mail a company a day, listing them with their limit. */
  async function fiscalAlarms(db: Db, now: Date, today: string, companies: Recipient[]): Promise<Outgoing[]> {
    // The master switch is enough: late fiscalization is a legal matter (docs/rules.md "E-mail notifications", fiscal alarm).
    const due = companies;
    if (due.length === 0) return [];
    const found = await rows<{
      id: number;
      company_id: number;
      number: number;
      premises: string;
      isu: string;
      issued_at: Date;
      total_cents: number;
      last_error: string | null;
      total: string;
    }>(
      db,
      sql`select * from (
            select b.id, b.company_id, b.number, b.premises, b.isu, b.issued_at, b.total_cents, b.last_error,
              count(*) over (partition by b.company_id) as total,
              row_number() over (partition by b.company_id order by b.issued_at, b.id) as n
            from bills b
            where b.company_id = any(${ids(due)}) and b.jir is null
              and b.issued_at < ${now}::timestamptz - ${FISCAL_ALARM_HOURS} * interval '1 hour'
              and not exists (select 1 from mails m where m.dedupe_key = 'fiscal-alarm:' || b.company_id || ':' || ${today})
          ) listed where n <= ${LISTED} order by company_id, issued_at, id`,
    );
    return groupBy(found, (b) => b.company_id).map(([companyId, bills]) => {
      const company = byId.get(companyId) as Recipient;
      const w = mailWords(company.language);
      const total = Number(bills[0]?.total ?? bills.length);
      return mail(company, 'fiscal-alarm', `fiscal-alarm:${companyId}:${today}`, {
        subject: w.fiscal.subject(total),
        heading: w.fiscal.heading(total),
        paragraphs: [w.fiscal.body, ...(total > bills.length ? [w.fiscal.more(total - bills.length)] : [])],
        tables: [
          {
            caption: w.fiscal.list,
            head: w.fiscal.head,
            rows: bills.map((b) => {
              const issued = new Date(b.issued_at);
              return [
                `${b.number}/${b.premises}/${b.isu}`,
                formatDateTime(issued),
                formatMoney(b.total_cents),
                formatDateTime(new Date(issued.getTime() + FISCAL_LIMIT_HOURS * 3_600_000)),
                b.last_error ?? '',
              ];
            }),
          },
        ],
        footer: w.footer(company.name),
      });
    });
  }

  /** Deposits older than a day and not verified: once a company a day, from 06:00 Zagreb. */
  async function unverifiedReminders(db: Db, now: Date, today: string, companies: Recipient[]): Promise<Outgoing[]> {
    if (companies.length === 0) return [];
    const found = await rows<{ company_id: number; device: string; at: Date; deposit_coins_cents: string | null; total: string }>(
      db,
      sql`select * from (
            select d.company_id, v.name as device, d.at, d.deposit_coins_cents,
              count(*) over (partition by d.company_id) as total,
              row_number() over (partition by d.company_id order by d.at, d.id) as n
            from deposits d join devices v on v.id = d.device_id
            where d.company_id = any(${ids(companies)}) and d.verified_at is null and d.at < ${now}::timestamptz - interval '1 day'
              and not exists (select 1 from mails m where m.dedupe_key = 'unverified-deposits:' || d.company_id || ':' || ${today})
          ) listed where n <= ${LISTED} order by company_id, at`,
    );
    return groupBy(found, (d) => d.company_id).map(([companyId, deposits]) => {
      const company = byId.get(companyId) as Recipient;
      const w = mailWords(company.language);
      const total = Number(deposits[0]?.total ?? deposits.length);
      return mail(company, 'unverified-deposits', `unverified-deposits:${companyId}:${today}`, {
        subject: w.unverified.subject(total),
        heading: w.unverified.heading(total),
        paragraphs: [w.unverified.body, ...(total > deposits.length ? [w.fiscal.more(total - deposits.length)] : [])],
        tables: [
          {
            caption: w.unverified.list,
            head: w.unverified.head,
            rows: deposits.map((d) => [
              d.device,
              formatDateTime(new Date(d.at)),
              d.deposit_coins_cents === null ? w.unverified.notCounted : money(d.deposit_coins_cents),
            ]),
          },
        ],
        footer: w.footer(company.name),
      });
    });
  }

  /** Yesterday's report, once a company a day, from 06:00 Zagreb. */
  async function dailyReports(db: Db, now: Date, day: string, companies: Recipient[]): Promise<Outgoing[]> {
    if (companies.length === 0) return [];
    const waiting = await rows<{ id: number }>(
      db,
      sql`select c.id from unnest(${ids(companies)}::int[]) as c(id)
          where not exists (select 1 from mails m where m.dedupe_key = 'daily-report:' || c.id || ':' || ${day})`,
    );
    const out: Outgoing[] = [];
    for (const { id } of waiting) out.push(await dailyReport(db, now, day, byId.get(id) as Recipient));
    return out;
  }

  async function dailyReport(db: Db, now: Date, day: string, company: Recipient): Promise<Outgoing> {
    const w = mailWords(company.language);
    const ctx = systemContext(company.id, company.language);
    const query = { from: day, to: day, group: 'device' as const, itemsPerPage: 3 };
    const top = await revenueReport(db, ctx, { ...query, 'order[revenueCents]': 'desc' });
    const bottom = await revenueReport(db, ctx, { ...query, 'order[revenueCents]': 'asc' });
    const alarms = await rows<{ device: string; critical: boolean; critical_code: string | null; last_event_at: Date | null }>(
      db,
      sql`select v.name as device, s.critical, s.critical_code, s.last_event_at
          from devices v left join device_state s on s.device_id = v.id
          where v.company_id = ${company.id} and (coalesce(s.critical, false)
            or s.last_event_at is null or s.last_event_at < ${now}::timestamptz - ${company.offlineMinutes} * interval '1 minute')
          order by coalesce(s.critical, false) desc, s.last_event_at desc nulls last, v.name limit ${LISTED}`,
    );
    const [counts] = await rows<{ unverified: string; unverified_cents: string; unfiscalized: string; overdue: string }>(
      db,
      sql`select
            (select count(*) from deposits where company_id = ${company.id} and verified_at is null) as unverified,
            (select coalesce(sum(coalesce(deposit_coins_cents, reported_coins_cents)), 0) from deposits
              where company_id = ${company.id} and verified_at is null) as unverified_cents,
            (select count(*) from bills where company_id = ${company.id} and jir is null) as unfiscalized,
            (select count(*) from bills where company_id = ${company.id} and jir is null
              and issued_at < ${now}::timestamptz - ${FISCAL_ALARM_HOURS} * interval '1 hour') as overdue`,
    );
    const t = top.totals;
    const shownDay = formatDate(day);
    const deviceRows = (lines: typeof top.rows) =>
      lines.map((r) => [r.deviceName ?? '-', r.locationName ?? '-', formatMoney(r.revenueCents)]);
    const head = [w.device, w.location, w.daily.revenueColumn];
    return mail(company, 'daily-report', `daily-report:${company.id}:${day}`, {
      subject: w.daily.subject(shownDay),
      heading: w.daily.heading(company.name, shownDay),
      paragraphs: [
        w.daily.revenue(t.revenueCents, t.plays),
        w.daily.parts(t.coinsCents, t.notesCents, t.cashlessCents + t.cardCents, t.tokensCents),
        w.daily.unverified(Number(counts?.unverified ?? 0), Number(counts?.unverified_cents ?? 0)),
        w.daily.unfiscalized(Number(counts?.unfiscalized ?? 0), Number(counts?.overdue ?? 0)),
      ],
      tables: [
        { caption: w.daily.top, head, rows: deviceRows(top.rows), empty: w.none },
        { caption: w.daily.bottom, head, rows: deviceRows(bottom.rows), empty: w.none },
        {
          caption: w.daily.alarms,
          head: [w.device, w.daily.alarm],
          rows: alarms.map((a) => [
            a.device,
            a.critical
              ? w.daily.critical(a.critical_code)
              : w.daily.offline(a.last_event_at ? formatDateTime(new Date(a.last_event_at)) : null),
          ]),
          empty: w.none,
        },
      ],
      footer: w.footer(company.name),
    });
  }
}

/** The company's own view, as its report would be read by one of its managers (the daily report's figures). */
function systemContext(companyId: number, lang: Language): RequestContext {
  return {
    actor: {
      userId: 0,
      email: 'mail@kovanica.local',
      role: 'manager',
      sessionEpoch: 0,
      companyId,
      companyIsTopGun: false,
      activeModules: [],
      activeModuleComponents: [],
      subsidiaryIds: [],
    },
    lang,
    view: 'mine',
    visible: [companyId],
    listed: [companyId],
    can: () => true,
    ip: null,
  };
}

function groupBy<T>(list: T[], key: (item: T) => number): [number, T[]][] {
  const groups = new Map<number, T[]>();
  for (const item of list) {
    const k = Number(key(item));
    groups.set(k, [...(groups.get(k) ?? []), item]);
  }
  return [...groups];
}
