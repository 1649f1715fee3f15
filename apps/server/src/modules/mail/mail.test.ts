import type { Collection, Company, Deposit, Location, Mail } from '@kovanica/contract';
import { addDays, businessDate, formatDate, formatDateTime, VIEW_HEADER, zagrebParts } from '@kovanica/contract';
import { eq, sql } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { mails } from '../../db/schema/index.ts';
import { mergePatch, testApp } from '../../testing/app.ts';
import { createDeviceWithLogger, firstOf, sendEvents, standsSince } from '../../testing/fixtures.ts';
import { MailSweep } from './mail.service.ts';

const t = await testApp();

/** A real SMTP server on a free port: what arrived, and a switch that makes it refuse recipients. */
const received: ParsedMail[] = [];
let refuse = false;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(_address, _session, callback) {
    callback(refuse ? Object.assign(new Error('Mailbox unavailable'), { responseCode: 450 }) : undefined);
  },
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received.push(mail);
        callback();
      })
      .catch(callback);
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const port = (smtp.server.address() as { port: number }).port;
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

/**
 * The sweep's clock: an hour of today (Zagreb) past 06:00, not before the real time, so the daily
 * mails are due and what the app recorded a moment ago lies in the past; and more than 24 hours after
 * yesterday's 06:30, so both of yesterday's bills are in the fiscal alarm. On the day the clocks go
 * forward, 07:00 is only 23½ hours after yesterday's 06:30: the clock is then 08:00 or later.
 */
let now = new Date(Date.now() + 60_000);
const dayBefore = (at: Date) => addDays(businessDate(at), -1);
while (Number(zagrebParts(now).hour) < 7 || now.getTime() - Date.parse(zagrebAt(dayBefore(now), 6, 30)) <= 24 * 3_600_000)
  now = new Date(now.getTime() + 3_600_000);
const yesterday = dayBefore(now);
/** `hh:mm` Zagreb time on a calendar day, as an instant (Zagreb is UTC+1 or +2: tried both). */
function zagrebAt(day: string, hour: number, minute = 0): string {
  for (const offset of [1, 2]) {
    const at = new Date(`${day}T${String(hour - offset).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`);
    if (businessDate(at) === day && Number(zagrebParts(at).hour) === hour) return at.toISOString();
  }
  throw new Error('no such hour');
}

/** The job's sweep at `now`; `null`: without an SMTP server. */
const sweeper = (smtpUrl: string | null = `smtp://127.0.0.1:${port}`) =>
  new MailSweep(
    t.db,
    { smtpUrl: smtpUrl ?? undefined, from: 'Kovanica <noreply@kovanica.test>' },
    { log: () => {}, changed: () => {} },
    () => now,
  );

const zabavni = await firstOf<Company>(t, '/api/v2/companies?name=Zabavni', 'admin');
const home = await firstOf<Location>(t, '/api/v2/locations?name=Riva — caffe');
const setCompany = (patch: Partial<Company>) =>
  t.json('admin', { method: 'PATCH', url: zabavni['@id'], headers: mergePatch, payload: patch }).then((r) => expect(r.status).toBe(200));
const outbox = () => t.db.select().from(mails).where(eq(mails.companyId, zabavni.id));
const ofKind = async (kind: Mail['kind']) => (await outbox()).filter((m) => m.kind === kind);

/** A device of Zabavni's standing at Riva (fiscalized) for three days, with its own logger. */
let isu = 700;
async function device(name: string) {
  isu += 1;
  const made = await createDeviceWithLogger(t, { name, location: home['@id'], isuNumber: String(isu) });
  await standsSince(t, [made.device], new Date(Date.now() - 3 * 86_400_000));
  return made;
}

// Yesterday 06:00–06:30 Zagreb, 7,00 € on "Flipper Mail": two bills, both without a JIR more than 24 h later
// (no sender runs here). Emptied ten minutes ago (telemetry reports 7,00 €) and counted by the worker: 1,50 €.
const flipper = await device('Flipper Mail');
/** Ten minutes ago: the mail names that day, which near midnight is not the day the test checks it on. */
const emptiedAt = new Date(Date.now() - 10 * 60_000);
await sendEvents(t, flipper.logger, [
  { seq: 1, at: zagrebAt(yesterday, 6), type: 'coin', valueCents: 100, count: 2 },
  { seq: 2, at: zagrebAt(yesterday, 6, 30), type: 'note', valueCents: 500 },
  { seq: 3, at: emptiedAt.toISOString(), type: 'emptying', coinsCents: 200, tokens: 0 },
]);
const [deposit] = (await t.json<Collection<Deposit>>('manager', { url: `/api/v2/deposits?device=${flipper.device.id}` })).body.member;
if (!deposit) throw new Error('no deposit');
expect(
  (
    await t.json('worker', {
      method: 'PATCH',
      url: deposit['@id'],
      headers: mergePatch,
      payload: { depositCoinsCents: 150, depositTokens: 0 },
    })
  ).status,
).toBe(200);
// "Old Jukebox" was emptied three days ago and its deposit is still not verified. Three days, not
// 30 hours: its coin must stay out of yesterday's revenue whatever the hour the test runs at.
const jukebox = await device('Old Jukebox');
await sendEvents(t, jukebox.logger, [
  { seq: 1, at: new Date(Date.now() - 73 * 3_600_000).toISOString(), type: 'coin', valueCents: 200 },
  { seq: 2, at: new Date(Date.now() - 72 * 3_600_000).toISOString(), type: 'emptying', coinsCents: 200, tokens: 0 },
]);

const everything = {
  notificationEmails: ['uprava@zabavni.test', 'racunovodstvo@zabavni.test'],
  sendNotifications: true,
  sendDailyReports: true,
  sendDepositNotifications: true,
  sendDeviceEmptyEvents: true,
  sendUnverifiedDeposits: true,
  language: 'en' as const,
};

beforeEach(async () => {
  refuse = false;
  received.length = 0;
  await t.db.delete(mails);
  await setCompany(everything);
});

const arrived = (subject: string | RegExp) =>
  received.filter((m) => (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject ?? '')));

describe('e-mail notifications', () => {
  it('mails the daily report, the deposit, the emptying, the reminder and the fiscal alarm, in English, once', async () => {
    const first = await sweeper().sweep();
    expect(first.sent).toBe(first.composed);
    const kinds = (await outbox()).map((m) => m.kind).sort();
    expect(kinds).toEqual(['daily-report', 'deposit', 'device-emptied', 'fiscal-alarm', 'unverified-deposits']);
    expect((await outbox()).every((m) => m.status === 'sent' && m.attempts === 1 && m.sentAt !== null)).toBe(true);

    const [report] = arrived(`Daily report for ${formatDate(yesterday)}`);
    if (!report) throw new Error('no daily report arrived');
    expect((report.to as { value: { address: string }[] }).value.map((a) => a.address)).toEqual(everything.notificationEmails);
    expect(report.text).toContain('Revenue: 7,00 € from');
    expect(report.text).toMatch(new RegExp(`Top devices:\n {2}- Flipper Mail, Location: ${home.name}, Revenue: 7,00 €`));
    expect(report.text).toMatch(/Alarms:[\s\S]*Old Jukebox, Alarm: Offline since/);
    expect(report.text).toMatch(/Bills without a JIR: \d+, of them [1-9]\d* older than 24 hours\./);
    expect(report.html).toContain('<td style="border:1px solid #ccc;padding:4px 8px;text-align:left">7,00 €</td>');

    const [recorded] = arrived('Deposit recorded: Flipper Mail');
    expect(recorded?.text).toMatch(/Coins, Reported: 7,00 €, Deposit: 1,50 €, Difference: -5,50 €/);
    expect(recorded?.text).toContain('recorded by Luka Babić');
    expect(arrived('Cash box emptied: Flipper Mail')[0]?.text).toContain(`On ${formatDate(emptiedAt)}`);
    expect(arrived('Cash box emptied: Flipper Mail')[0]?.text).toContain('The device counted 7,00 € and 0 tokens.');
    expect(arrived(/^Reminder: \d+ deposits await verification$/)[0]?.text).toMatch(/- Old Jukebox, Emptied: /);
    const alarm = arrived(/^Fiscal alarm: \d+ bills without a JIR after 24 hours$/)[0];
    // Flipper's two bills, each with its limit 48 hours after issue: 06:00 two days later, but 07:00
    // (05:00) when the clocks go forward (back) in between.
    const limit = formatDateTime(Date.parse(zagrebAt(yesterday, 6)) + 48 * 3_600_000);
    expect(alarm?.text).toMatch(new RegExp(`Issued: ${formatDate(yesterday)} 06:00, Amount: 2,00 €, Limit: ${limit},`));
    expect(alarm?.text).toMatch(/Amount: 5,00 €/);

    // The next sweeps, the same minute and an hour later, find nothing new: nothing is mailed twice.
    // Later the same (Zagreb) day: run after 23:00 there, an hour later is the next day, whose
    // daily report is due and rightly composed. So less than an hour when midnight is nearer.
    const count = received.length;
    expect((await sweeper().sweep()).composed).toBe(0);
    const later = [3_600_000, 600_000, 60_000, 0].find((ms) => businessDate(new Date(now.getTime() + ms)) === businessDate(now)) ?? 0;
    now = new Date(now.getTime() + later);
    try {
      expect((await sweeper().sweep()).composed).toBe(0);
    } finally {
      now = new Date(now.getTime() - later);
    }
    expect(received.length).toBe(count);
  });

  it('writes in the company language: Croatian', async () => {
    await setCompany({ language: 'hr' });
    await sweeper().sweep();
    expect((await outbox()).every((m) => m.language === 'hr')).toBe(true);
    const report = arrived(`Dnevni izvještaj za ${formatDate(yesterday)}`)[0];
    expect(report?.text).toContain('Prihod: 7,00 € od');
    expect(report?.text).toMatch(new RegExp(`Najbolji uređaji:\n {2}- Flipper Mail, Lokacija: ${home.name}, Prihod: 7,00 €`));
    expect(arrived('Polog evidentiran: Flipper Mail')[0]?.text).toMatch(
      /Kovanice, Prijavljeno: 7,00 €, Položeno: 1,50 €, Razlika: -5,50 €/,
    );
    expect(arrived('Blagajna ispražnjena: Flipper Mail')).toHaveLength(1);
    expect(arrived(/^Podsjetnik: \d+ pologa čeka ovjeru$/)).toHaveLength(1);
    expect(arrived(/^Fiskalni alarm: \d+ računa bez JIR-a nakon 24 sata$/)).toHaveLength(1);
  });

  it('sends nothing with the master switch off, and only the fiscal alarm with every other switch off', async () => {
    await setCompany({ sendNotifications: false });
    expect(await sweeper().sweep()).toMatchObject({ composed: 0, sent: 0 });
    expect(await outbox()).toHaveLength(0);
    await setCompany({
      sendNotifications: true,
      sendDailyReports: false,
      sendDepositNotifications: false,
      sendDeviceEmptyEvents: false,
      sendUnverifiedDeposits: false,
    });
    await sweeper().sweep();
    expect((await outbox()).map((m) => m.kind)).toEqual(['fiscal-alarm']);
    await t.db.delete(mails);
    await setCompany({ notificationEmails: [] });
    await sweeper().sweep();
    expect(await outbox()).toHaveLength(0);
  });

  it('keeps a refused mail and sends it again later; gives up after the last attempt', async () => {
    await setCompany({ sendDailyReports: false, sendDeviceEmptyEvents: false, sendUnverifiedDeposits: false });
    refuse = true;
    const refused = await sweeper().sweep();
    expect(refused.sent).toBe(0);
    const [waiting] = await ofKind('deposit');
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting?.lastError).toMatch(/Mailbox unavailable/);
    expect(waiting?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    // Not due yet: the next sweep leaves it.
    await sweeper().sweep();
    expect((await ofKind('deposit'))[0]?.attempts).toBe(1);
    // Due, and the server takes mail again: sent once.
    refuse = false;
    await t.db.update(mails).set({ nextAttemptAt: sql`now()` });
    await sweeper().sweep();
    expect((await ofKind('deposit'))[0]).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(arrived('Deposit recorded: Flipper Mail')).toHaveLength(1);

    // Refused every time: failed after the sixth attempt, and not tried again.
    await t.db.delete(mails);
    refuse = true;
    for (let i = 0; i < 7; i++) {
      await sweeper().sweep();
      await t.db.update(mails).set({ nextAttemptAt: sql`now()` });
    }
    expect((await ofKind('deposit'))[0]).toMatchObject({ status: 'failed', attempts: 6 });
  });

  it('keeps mail in the outbox without SMTP, never sending it later by surprise', async () => {
    await sweeper(null).sweep();
    const held = await outbox();
    expect(held.length).toBeGreaterThan(0);
    expect(held.every((m) => m.status === 'held' && m.attempts === 0)).toBe(true);
    await sweeper().sweep();
    expect(received).toHaveLength(0);
  });
});

describe('the outbox API', () => {
  it('shows admins every mail, managers their company’s, nobody else', async () => {
    await sweeper(null).sweep();
    const [one] = await outbox();
    if (!one) throw new Error('no mail');
    const admin = await t.json<Collection<Mail>>('admin', { url: '/api/v2/mails?itemsPerPage=100', headers: { [VIEW_HEADER]: 'all' } });
    expect(admin.status).toBe(200);
    expect(admin.body.member.some((m) => m.id === one.id)).toBe(true);
    const item = await t.json<Mail>('admin', { url: `/api/v2/mails/${one.id}` });
    expect(item.body).toMatchObject({
      company: zabavni['@id'],
      companyName: zabavni.name,
      status: 'held',
      to: everything.notificationEmails,
    });
    expect(item.body.html).toContain('<!doctype html>');
    const manager = await t.json<Collection<Mail>>('manager', { url: '/api/v2/mails?itemsPerPage=100' });
    expect(manager.status).toBe(200);
    expect(manager.body.member.length).toBeGreaterThan(0);
    expect(manager.body.member.every((m) => m.company === zabavni['@id'])).toBe(true);
    expect((await t.as('manager', { url: `/api/v2/mails/${one.id}` })).statusCode).toBe(200);
    expect((await t.as('otherManager', { url: `/api/v2/mails/${one.id}` })).statusCode).toBe(404);
    expect(
      (await t.json<Collection<Mail>>('otherManager', { url: '/api/v2/mails' })).body.member.some((m) => m.company === zabavni['@id']),
    ).toBe(false);
    for (const user of ['accountant', 'worker'] as const) {
      expect((await t.as(user, { url: '/api/v2/mails' })).statusCode).toBe(403);
      expect((await t.as(user, { url: `/api/v2/mails/${one.id}` })).statusCode).toBe(403);
    }
    expect((await t.as(null, { url: '/api/v2/mails' })).statusCode).toBe(401);
    expect((await t.as('admin', { method: 'DELETE', url: `/api/v2/mails/${one.id}` })).statusCode).toBe(404);
    const sent = await t.json<Collection<Mail>>('manager', { url: `/api/v2/mails?status=held&kind=${one.kind}` });
    expect(sent.body.member.map((m) => m.id)).toEqual([one.id]);
  });

  it('lets an admin and the company’s manager set its e-mail language; refuses another language and another company’s manager', async () => {
    expect((await t.json<Company>('admin', { url: zabavni['@id'] })).body.language).toBe('en');
    const bad = await t.json('admin', { method: 'PATCH', url: zabavni['@id'], headers: mergePatch, payload: { language: 'de' } });
    expect(bad.status).toBe(422);
    const patch = (user: 'manager' | 'otherManager' | 'accountant') =>
      t.as(user, { method: 'PATCH', url: zabavni['@id'], headers: mergePatch, payload: { language: 'hr' } });
    expect((await patch('accountant')).statusCode).toBe(403);
    expect((await patch('otherManager')).statusCode).toBe(404);
    expect((await t.json<Company>('admin', { url: zabavni['@id'] })).body.language).toBe('en');
    expect((await patch('manager')).statusCode).toBe(200);
    expect((await t.json<Company>('admin', { url: zabavni['@id'] })).body.language).toBe('hr');
  });
});
