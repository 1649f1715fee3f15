import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bills, companies, deposits, deviceState, devices, emptyings, fiscalCertificates, mails } from '../../db/schema/index.ts';
import { testApp } from '../../testing/app.ts';
import { createCompany, createUser } from '../../testing/fixtures.ts';
import {
  billsWithoutJir,
  depositsToMail,
  deviceAlarms,
  emptyingsToMail,
  LISTED,
  mailRecipients,
  openItems,
  unverifiedDeposits,
  withoutDailyReport,
} from './mail.queries.ts';

/**
 * What the mail sweep finds (mail.queries.ts), row by row, on a company of its own: the day's window,
 * the dedupe keys, the 50 rows a mail lists with the count of all, the alarms' order and the open
 * business counted. The mails made of them: mail.test.ts.
 */
const t = await testApp();
const company = await createCompany(t, { name: 'Mail builders d.o.o.' });
const other = await createCompany(t, { name: 'Mail builders other d.o.o.' });
const now = new Date('2026-11-20T10:00:00Z');
const today = '2026-11-20';
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
const mailed = (dedupeKey: string, companyId = company.id) =>
  t.db
    .insert(mails)
    .values({ companyId, kind: 'deposit', dedupeKey, to: ['x@y.test'], subject: 's', text: 't', html: 'h', language: 'en' });

async function device(name: string, companyId = company.id) {
  const [made] = await t.db.insert(devices).values({ companyId, name, group: 'other' }).returning();
  if (!made) throw new Error('no device');
  return made;
}
async function emptying(deviceId: number, at: Date, companyId = company.id) {
  const [made] = await t.db.insert(emptyings).values({ companyId, deviceId, at, countedCents: 700, countedTokens: 2 }).returning();
  if (!made) throw new Error('no emptying');
  return made;
}
async function deposit(deviceId: number, at: Date, fields: Partial<typeof deposits.$inferInsert> = {}, companyId = company.id) {
  const made = await emptying(deviceId, at, companyId);
  const [row] = await t.db
    .insert(deposits)
    .values({ companyId, deviceId, emptyingId: made.id, at, reportedCoinsCents: 700, reportedTokens: 2, ...fields })
    .returning();
  if (!row) throw new Error('no deposit');
  return row;
}

describe('the mail sweep finds', () => {
  it('the companies to mail: switch on and an address, by id', async () => {
    await t.db
      .update(companies)
      .set({ sendNotifications: true, notificationEmails: ['a@b.test'], offlineThresholdMinutes: 90 })
      .where(eq(companies.id, company.id));
    await t.db.update(companies).set({ sendNotifications: true, notificationEmails: [] }).where(eq(companies.id, other.id));
    const found = await mailRecipients(t.db);
    expect(found.map((r) => r.id)).toEqual([...found.map((r) => r.id)].sort((a, b) => a - b));
    expect(found.find((r) => r.id === company.id)).toMatchObject({ to: ['a@b.test'], offlineMinutes: 90 });
    expect(found.some((r) => r.id === other.id)).toBe(false);
  });

  it('deposits recorded in the last day and not mailed, oldest record first, with who recorded them', async () => {
    const v = await device('Deposit builder');
    const worker = await createUser(t, { name: 'Ana', surname: 'Anić' });
    const recorded = async (h: number) =>
      deposit(v.id, hoursAgo(h + 1), { reportedAt: hoursAgo(h), reportedById: worker.id, depositCoinsCents: 650 });
    const late = await recorded(2);
    const early = await recorded(20);
    await recorded(25); // more than a day ago
    await deposit(v.id, hoursAgo(3)); // not recorded yet
    const future = await recorded(-1);
    const sent = await recorded(5);
    await mailed(`deposit:${sent.id}`);
    const found = await depositsToMail(t.db, now, [company.id]);
    expect(found.map((d) => d.id)).toEqual([early.id, late.id]);
    expect(found[0]).toMatchObject({
      companyId: company.id,
      device: 'Deposit builder',
      reporter: 'Ana Anić',
      reportedCoinsCents: 700,
      depositCoinsCents: 650,
    });
    expect(found[0]?.at).toBeInstanceOf(Date);
    expect(found.some((d) => d.id === future.id)).toBe(false);
    expect(await depositsToMail(t.db, now, [other.id])).toEqual([]);
  });

  it('emptyings of the last day not mailed, with their location (none here)', async () => {
    const v = await device('Emptying builder');
    const recent = await emptying(v.id, hoursAgo(1));
    await emptying(v.id, hoursAgo(30));
    const sent = await emptying(v.id, hoursAgo(2));
    await mailed(`device-emptied:${sent.id}`);
    const found = (await emptyingsToMail(t.db, now, [company.id])).filter((e) => e.device === 'Emptying builder');
    expect(found).toEqual([
      {
        id: recent.id,
        companyId: company.id,
        device: 'Emptying builder',
        location: null,
        at: recent.at,
        countedCents: 700,
        countedTokens: 2,
      },
    ]);
  });

  it(`unverified deposits older than a day: the first ${LISTED} of a company by time, with the count of all; none once reminded today`, async () => {
    const v = await device('Unverified builder', other.id);
    for (let i = 0; i < LISTED + 2; i++) await deposit(v.id, hoursAgo(30 + i), {}, other.id);
    await deposit(v.id, hoursAgo(30), { verifiedAt: hoursAgo(1) }, other.id);
    await deposit(v.id, hoursAgo(10), {}, other.id);
    const found = await unverifiedDeposits(t.db, now, today, [other.id]);
    expect(found).toHaveLength(LISTED);
    expect(found.every((d) => Number(d.total) === LISTED + 2 && d.companyId === other.id)).toBe(true);
    expect(found.map((d) => d.at.getTime())).toEqual(found.map((d) => d.at.getTime()).sort((a, b) => a - b));
    expect(found[0]?.at).toEqual(hoursAgo(30 + LISTED + 1));
    await mailed(`unverified-deposits:${other.id}:${today}`, other.id);
    expect(await unverifiedDeposits(t.db, now, today, [other.id])).toEqual([]);
    expect(await unverifiedDeposits(t.db, now, '2026-11-21', [other.id])).toHaveLength(LISTED);
  });

  it('bills without a JIR 24 hours after issue, with the count of all; none once alarmed today', async () => {
    const [certificate] = await t.db.select().from(fiscalCertificates).limit(1);
    const bill = (number: number, issuedAt: Date, jir: string | null = null) =>
      t.db
        .insert(bills)
        .values({
          companyId: company.id,
          kind: 'manual',
          issuedAt,
          year: 2026,
          number,
          premises: 'MB1',
          isu: '1',
          totalCents: 700,
          inVatSystem: true,
          payment: 'G',
          oib: company.oib,
          operatorOib: company.oib,
          zki: '0'.repeat(32),
          certificateId: certificate?.id ?? 0,
          jir,
          lastError: 'timeout',
        })
        .returning({ id: bills.id });
    const [old] = await bill(1, hoursAgo(30));
    const [older] = await bill(2, hoursAgo(40));
    await bill(3, hoursAgo(20)); // not 24 hours yet
    await bill(4, hoursAgo(50), 'jir-1'); // fiscalized
    const found = await billsWithoutJir(t.db, now, today, [company.id]);
    expect(found.map((b) => b.id)).toEqual([older?.id, old?.id]);
    expect(found.map((b) => Number(b.total))).toEqual([2, 2]);
    expect(found[0]).toMatchObject({ number: 2, premises: 'MB1', isu: '1', lastError: 'timeout', issuedAt: hoursAgo(40) });
    await mailed(`fiscal-alarm:${company.id}:${today}`);
    expect(await billsWithoutJir(t.db, now, today, [company.id])).toEqual([]);
  });

  it('the companies whose daily report is not in the outbox, in the order asked', async () => {
    await mailed(`daily-report:${company.id}:2026-11-19`);
    expect(await withoutDailyReport(t.db, '2026-11-19', [other.id, company.id])).toEqual([other.id]);
    expect(await withoutDailyReport(t.db, '2026-11-18', [other.id, company.id])).toEqual([other.id, company.id]);
  });

  it('devices in alarm: critical first, then silent past the threshold by the last heard, never heard last', async () => {
    const fresh = await createCompany(t, { name: 'Mail alarms d.o.o.' });
    const state = async (name: string, fields: Partial<typeof deviceState.$inferInsert> | null) => {
      const v = await device(name, fresh.id);
      if (fields) await t.db.insert(deviceState).values({ companyId: fresh.id, deviceId: v.id, ...fields });
    };
    await state('Heard now', { lastEventAt: hoursAgo(0.5) });
    await state('Never heard', null);
    await state('Silent 3 h', { lastEventAt: hoursAgo(3) });
    await state('Silent 5 h', { lastEventAt: hoursAgo(5) });
    await state('Critical', { lastEventAt: hoursAgo(0.1), critical: true, criticalCode: 'tilt' });
    const found = await deviceAlarms(t.db, now, fresh.id, 120);
    expect(found.map((a) => a.device)).toEqual(['Critical', 'Silent 3 h', 'Silent 5 h', 'Never heard']);
    expect(found[0]).toMatchObject({ critical: true, criticalCode: 'tilt' });
    expect(found[3]).toEqual({ device: 'Never heard', critical: null, criticalCode: null, lastEventAt: null });
    expect((await deviceAlarms(t.db, now, fresh.id, 240)).map((a) => a.device)).toEqual(['Critical', 'Silent 5 h', 'Never heard']);
  });

  it('the open business: unverified deposits and their amount (the count, else telemetry’s), bills without a JIR', async () => {
    const fresh = await createCompany(t, { name: 'Mail open d.o.o.' });
    const v = await device('Open builder', fresh.id);
    await deposit(v.id, hoursAgo(2), { depositCoinsCents: 500 }, fresh.id);
    await deposit(v.id, hoursAgo(3), {}, fresh.id);
    await deposit(v.id, hoursAgo(4), { verifiedAt: hoursAgo(1) }, fresh.id);
    expect(await openItems(t.db, now, fresh.id)).toEqual({ unverified: 2, unverifiedCents: 1200, unfiscalized: 0, overdue: 0 });
  });
});
