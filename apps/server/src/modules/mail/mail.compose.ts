import { addDays, businessDate, type Language, type MailKind, zagrebParts } from '@kovanica/contract';
import type { RequestContext } from '../../core/context.ts';
import type { Db } from '../../db/client.ts';
import { mails } from '../../db/schema/index.ts';
import { revenueReport } from '../revenue/revenue.service.ts';
import {
  type BillWithoutJir,
  billsWithoutJir,
  type DepositToMail,
  type DeviceAlarm,
  depositsToMail,
  deviceAlarms,
  type EmptyingToMail,
  emptyingsToMail,
  mailRecipients,
  openItems,
  type Recipient,
  type UnverifiedDeposit,
  unverifiedDeposits,
  withoutDailyReport,
} from './mail.queries.ts';
import { formatCount, formatDate, formatDateTime, formatMoney, type MailContent, mailWords, render } from './mail.texts.ts';

/**
 * Which e-mails are due (docs/rules.md, "E-mail notifications"): each a sweep over the tables that
 * finds the events not yet mailed (by the mail's dedupe key, `mail.queries.ts`) and commits their
 * mails to the outbox. Events are looked for over the last day only, so a switch turned on does not
 * mail the history.
 */

/** The hour (Europe/Zagreb) from which the day's report and reminder go out. */
export const DAILY_HOUR = 6;
/** The law's limit for a bill's JIR after issue, shown beside each bill of the fiscal alarm. */
const FISCAL_LIMIT_HOURS = 48;

type Outgoing = { companyId: number; kind: MailKind; dedupeKey: string; to: string[]; language: Language } & ReturnType<typeof render>;

const money = (v: unknown) => formatMoney(Number(v));

/** Composes and commits every mail due at `now`; answers how many were added to the outbox. */
export async function composeDue(db: Db, now: Date): Promise<number> {
  const recipients = await mailRecipients(db);
  if (recipients.length === 0) return 0;
  const outgoing = await dueMails(db, now, recipients);
  if (outgoing.length === 0) return 0;
  const added = await db.transaction(async (tx) =>
    tx.insert(mails).values(outgoing).onConflictDoNothing({ target: mails.dedupeKey }).returning({ id: mails.id }),
  );
  return added.length;
}

/** The mails due at `now` for these companies, each kind for the companies whose switch asks for it. */
async function dueMails(db: Db, now: Date, recipients: Recipient[]): Promise<Outgoing[]> {
  const byId = new Map(recipients.map((r) => [r.id, r]));
  const companyOf = (id: number) => byId.get(Number(id)) as Recipient;
  const idsOf = (wants: (r: Recipient) => boolean) => recipients.filter(wants).map((r) => r.id);
  const dailyTime = Number(zagrebParts(now).hour) >= DAILY_HOUR;
  const today = businessDate(now);
  const deposits = idsOf((r) => r.deposits);
  const emptied = idsOf((r) => r.emptied);
  const unverified = idsOf((r) => r.unverified);
  const daily = idsOf((r) => r.daily);
  return [
    ...(deposits.length ? await depositsToMail(db, now, deposits) : []).map((d) => depositMail(companyOf(d.companyId), d)),
    ...(emptied.length ? await emptyingsToMail(db, now, emptied) : []).map((e) => emptiedMail(companyOf(e.companyId), e)),
    // The master switch is enough: late fiscalization is a legal matter (docs/rules.md "E-mail notifications", fiscal alarm).
    ...groupBy(
      await billsWithoutJir(
        db,
        now,
        today,
        idsOf(() => true),
      ),
      (b) => b.companyId,
    ).map(([id, bills]) => fiscalAlarmMail(companyOf(id), today, bills)),
    ...(dailyTime && unverified.length ? groupBy(await unverifiedDeposits(db, now, today, unverified), (d) => d.companyId) : []).map(
      ([id, list]) => unverifiedMail(companyOf(id), today, list),
    ),
    ...(dailyTime && daily.length ? await dailyReports(db, now, addDays(today, -1), daily.map(companyOf)) : []),
  ];
}

/** A mail to all of the company's addresses, in its language, under the event's dedupe key. */
function mail(company: Recipient, kind: MailKind, dedupeKey: string, content: MailContent): Outgoing {
  return { companyId: company.id, kind, dedupeKey, to: company.to, language: company.language, ...render(content) };
}

/** A deposit recorded: what was reported and deposited, coins and tokens, and the difference. */
export function depositMail(company: Recipient, d: DepositToMail): Outgoing {
  const w = mailWords(company.language);
  const coins = Number(d.depositCoinsCents ?? 0) - Number(d.reportedCoinsCents);
  const tokens = Number(d.depositTokens ?? 0) - Number(d.reportedTokens);
  return mail(company, 'deposit', `deposit:${d.id}`, {
    subject: w.deposit.subject(d.device),
    heading: w.deposit.heading(d.device),
    paragraphs: [w.deposit.body(formatDateTime(new Date(d.at)), d.reporter), ...(d.note ? [d.note] : [])],
    tables: [
      {
        caption: w.deposit.what,
        head: w.deposit.head,
        rows: [
          [w.deposit.coins, money(d.reportedCoinsCents), money(d.depositCoinsCents ?? 0), formatMoney(coins)],
          [w.deposit.tokens, formatCount(Number(d.reportedTokens)), formatCount(Number(d.depositTokens ?? 0)), formatCount(tokens)],
        ],
      },
    ],
    footer: w.footer(company.name),
  });
}

/** A device's cash box emptied: when, where, and what the device counted. */
export function emptiedMail(company: Recipient, e: EmptyingToMail): Outgoing {
  const w = mailWords(company.language);
  return mail(company, 'device-emptied', `device-emptied:${e.id}`, {
    subject: w.emptied.subject(e.device),
    heading: w.emptied.heading(e.device),
    paragraphs: [w.emptied.body(formatDateTime(new Date(e.at)), e.location, Number(e.countedCents), Number(e.countedTokens))],
    tables: [],
    footer: w.footer(company.name),
  });
}

/** The fiscal alarm of a company's day: its bills without a JIR (the first 50), each with its legal limit. */
export function fiscalAlarmMail(company: Recipient, today: string, bills: BillWithoutJir[]): Outgoing {
  const w = mailWords(company.language);
  const total = Number(bills[0]?.total ?? bills.length);
  return mail(company, 'fiscal-alarm', `fiscal-alarm:${company.id}:${today}`, {
    subject: w.fiscal.subject(total),
    heading: w.fiscal.heading(total),
    paragraphs: [w.fiscal.body, ...(total > bills.length ? [w.fiscal.more(total - bills.length)] : [])],
    tables: [
      {
        caption: w.fiscal.list,
        head: w.fiscal.head,
        rows: bills.map((b) => {
          const issued = new Date(b.issuedAt);
          return [
            `${b.number}/${b.premises}/${b.isu}`,
            formatDateTime(issued),
            formatMoney(b.totalCents),
            formatDateTime(new Date(issued.getTime() + FISCAL_LIMIT_HOURS * 3_600_000)),
            b.lastError ?? '',
          ];
        }),
      },
    ],
    footer: w.footer(company.name),
  });
}

/** The reminder of a company's day: its deposits awaiting verification (the first 50). */
export function unverifiedMail(company: Recipient, today: string, deposits: UnverifiedDeposit[]): Outgoing {
  const w = mailWords(company.language);
  const total = Number(deposits[0]?.total ?? deposits.length);
  return mail(company, 'unverified-deposits', `unverified-deposits:${company.id}:${today}`, {
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
          d.depositCoinsCents === null ? w.unverified.notCounted : money(d.depositCoinsCents),
        ]),
      },
    ],
    footer: w.footer(company.name),
  });
}

/** Yesterday's report (`day`) of each of these companies not sent it yet. */
async function dailyReports(db: Db, now: Date, day: string, companies: Recipient[]): Promise<Outgoing[]> {
  const waiting = new Set(
    await withoutDailyReport(
      db,
      day,
      companies.map((c) => c.id),
    ),
  );
  const out: Outgoing[] = [];
  for (const company of companies) if (waiting.has(company.id)) out.push(await dailyReport(db, now, day, company));
  return out;
}

/** A company's report of `day`: its revenue, top and bottom devices, alarms and open business. */
async function dailyReport(db: Db, now: Date, day: string, company: Recipient): Promise<Outgoing> {
  const ctx = systemContext(company.id, company.language);
  const query = { from: day, to: day, group: 'device' as const, itemsPerPage: 3 };
  const top = await revenueReport(db, ctx, { ...query, 'order[revenueCents]': 'desc' });
  const bottom = await revenueReport(db, ctx, { ...query, 'order[revenueCents]': 'asc' });
  const alarms = await deviceAlarms(db, now, company.id, company.offlineMinutes);
  const open = await openItems(db, now, company.id);
  return dailyReportMail(company, day, { top, bottom, alarms, open });
}

type RevenueReport = Awaited<ReturnType<typeof revenueReport>>;

/** The daily report's mail from its figures. */
export function dailyReportMail(
  company: Recipient,
  day: string,
  figures: { top: RevenueReport; bottom: RevenueReport; alarms: DeviceAlarm[]; open: Awaited<ReturnType<typeof openItems>> },
): Outgoing {
  const { top, bottom, alarms, open } = figures;
  const w = mailWords(company.language);
  const t = top.totals;
  const shownDay = formatDate(day);
  const deviceRows = (lines: RevenueReport['rows']) =>
    lines.map((r) => [r.deviceName ?? '-', r.locationName ?? '-', formatMoney(r.revenueCents)]);
  const head = [w.device, w.location, w.daily.revenueColumn];
  return mail(company, 'daily-report', `daily-report:${company.id}:${day}`, {
    subject: w.daily.subject(shownDay),
    heading: w.daily.heading(company.name, shownDay),
    paragraphs: [
      w.daily.revenue(t.revenueCents, t.plays),
      w.daily.parts(t.coinsCents, t.notesCents, t.cashlessCents + t.cardCents, t.tokensCents),
      w.daily.unverified(open.unverified, open.unverifiedCents),
      w.daily.unfiscalized(open.unfiscalized, open.overdue),
    ],
    tables: [
      { caption: w.daily.top, head, rows: deviceRows(top.rows), empty: w.none },
      { caption: w.daily.bottom, head, rows: deviceRows(bottom.rows), empty: w.none },
      {
        caption: w.daily.alarms,
        head: [w.device, w.daily.alarm],
        rows: alarms.map((a) => [
          a.device,
          a.critical ? w.daily.critical(a.criticalCode) : w.daily.offline(a.lastEventAt ? formatDateTime(new Date(a.lastEventAt)) : null),
        ]),
        empty: w.none,
      },
    ],
    footer: w.footer(company.name),
  });
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
    requestId: null,
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
