import { type Collection, type Deposit, type DepositChangedProblem, depositETag } from '@kovanica/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, deposits } from '../../db/schema/index.ts';
import { mergePatch, testApp } from '../../testing/app.ts';
import { createDeviceWithLogger, sendEvents } from '../../testing/fixtures.ts';

/** A count safe to send again later: `If-Match` and `Idempotency-Key` on `PATCH /deposits/{id}` (docs/rules.md "Visits"). */
const t = await testApp();
const at = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/** A new device's deposit of 10,00 € of coins and 2 tokens, awaiting the count. */
async function openDeposit(): Promise<Deposit> {
  const { device, logger } = await createDeviceWithLogger(t);
  await sendEvents(t, logger, [
    { seq: 1, at: at(30), type: 'coin', valueCents: 200, count: 5 },
    { seq: 2, at: at(20), type: 'token', count: 2 },
    { seq: 3, at: at(10), type: 'emptying', coinsCents: 1000, tokens: 2 },
  ]);
  const [deposit] = (await t.json<Collection<Deposit>>('manager', { url: `/api/v2/deposits?device=${device.id}` })).body.member;
  if (!deposit) throw new Error('no deposit');
  return deposit;
}

const count = (user: string, deposit: Deposit, figures: object, headers: Record<string, string> = {}) =>
  t.json<Deposit & Omit<DepositChangedProblem, 'status'>>(user, {
    method: 'PATCH',
    url: deposit['@id'],
    headers: { ...mergePatch, ...headers },
    payload: figures,
  });

const reports = async (deposit: Deposit) =>
  (
    await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'deposits'), eq(auditLog.recordId, deposit.id), eq(auditLog.action, 'report')))
  ).length;

describe('a deposit count sent with If-Match', () => {
  it('answers an ETag made from its count and verification; the current one counts, a stale one is 412 and writes nothing', async () => {
    const deposit = await openDeposit();
    const read = await t.json<Deposit>('worker', { url: deposit['@id'] });
    expect(read.headers.etag).toBe('"0.0"');
    expect(depositETag(read.body)).toBe('"0.0"');

    const first = await count('worker', deposit, { depositCoinsCents: 1000, depositTokens: 2 }, { 'if-match': '"0.0"' });
    expect(first.status).toBe(200);
    const etag = `"${Date.parse(first.body.reportedAt ?? '')}.0"`;
    expect(first.headers.etag).toBe(etag);
    expect((await t.json<Deposit>('worker', { url: deposit['@id'] })).headers.etag).toBe(etag);

    // A second phone that read the deposit before that count, offline, counts 9,00 € and 1 token.
    for (const [lang, text] of [
      ['en', 'counted by Luka Babić at '],
      ['hr', 'izbrojio/la ga je Luka Babić u '],
    ] as const) {
      const stale = await count(
        'manager',
        deposit,
        { depositCoinsCents: 900, depositTokens: 1 },
        { 'if-match': '"0.0"', 'accept-language': lang },
      );
      expect(stale.status).toBe(412);
      expect(stale.headers.etag).toBe(etag);
      expect(stale.body).toMatchObject({
        type: '/api/v2/problems/deposit_changed',
        title: 'Precondition Failed',
        status: 412,
        deposit: deposit['@id'],
        etag,
        depositStatus: 'pending_verification',
        depositCoinsCents: 1000,
        depositTokens: 2,
        reportedByName: 'Luka Babić',
        reportedAt: first.body.reportedAt,
        verifiedAt: null,
      });
      expect(stale.body.detail).toContain(text);
      expect(stale.body.detail).toContain(lang === 'en' ? '10,00 € in coins, 2 tokens' : '10,00 € u kovanicama, 2 žetona');
    }
    const unchanged = (await t.json<Deposit>('manager', { url: deposit['@id'] })).body;
    expect(unchanged).toMatchObject({
      depositCoinsCents: 1000,
      depositTokens: 2,
      reportedByName: 'Luka Babić',
      reportedAt: first.body.reportedAt,
    });
    expect(await reports(deposit)).toBe(1);

    // With the current tag the count is written, as without one.
    const current = await count('manager', deposit, { depositCoinsCents: 900, depositTokens: 1 }, { 'if-match': etag });
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ depositCoinsCents: 900, depositTokens: 1, reportedByName: 'Marko Horvat' });
    expect(current.headers.etag).not.toBe(etag);
    expect(await reports(deposit)).toBe(2);
    // Verified since: the tag changes again.
    await t.json('manager', {
      method: 'POST',
      url: '/api/v2/deposits/verify',
      payload: { deposits: [deposit['@id']], notes: { [deposit['@id']]: 'ok' } },
    });
    const after = await t.json<Deposit>('worker', { url: deposit['@id'] });
    expect(after.headers.etag).toBe(depositETag(after.body));
    expect(after.headers.etag).toMatch(/^"\d+\.\d+"$/);
    expect(after.headers.etag).not.toMatch(/\.0"$/);
  });

  it('without either header counts as it always did', async () => {
    const deposit = await openDeposit();
    const plain = await count('worker', deposit, { depositCoinsCents: 1000, depositTokens: 2 });
    expect(plain.status).toBe(200);
    const again = await count('worker', deposit, { depositCoinsCents: 1100, depositTokens: 2 });
    expect(again.body).toMatchObject({ depositCoinsCents: 1100, status: 'pending_verification' });
    expect(await reports(deposit)).toBe(2);
    const [row] = await t.db.select().from(deposits).where(eq(deposits.id, deposit.id));
    expect(row?.reportKey).toBeNull();
  });
});

describe('a deposit count sent with an Idempotency-Key', () => {
  it('sent again after the deposit changed: 200 with the deposit as it is, nothing written', async () => {
    const deposit = await openDeposit();
    const mine = await count(
      'worker',
      deposit,
      { depositCoinsCents: 1000, depositTokens: 2 },
      { 'idempotency-key': 'phone-count-1', 'if-match': '"0.0"' },
    );
    expect(mine.status).toBe(200);
    // Someone counts anew, then the phone's queued count is sent again (its answer was lost).
    const other = await count('manager', deposit, { depositCoinsCents: 800, depositTokens: 1 });
    expect(other.status).toBe(200);
    const replay = await count(
      'worker',
      deposit,
      { depositCoinsCents: 1000, depositTokens: 2 },
      { 'idempotency-key': 'phone-count-1', 'if-match': '"0.0"' },
    );
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ depositCoinsCents: 800, depositTokens: 1, reportedByName: 'Marko Horvat' });
    expect(replay.headers.etag).toBe(other.headers.etag);
    expect(await reports(deposit)).toBe(2);
    const [row] = await t.db.select().from(deposits).where(eq(deposits.id, deposit.id));
    expect(row?.reportKey).toBe('phone-count-1');
    // A later count sent with another key (another phone) takes the key's place: the first phone's
    // count sent again now is a count against a deposit changed since its If-Match: 412, nothing written.
    expect(
      (await count('manager', deposit, { depositCoinsCents: 700, depositTokens: 1 }, { 'idempotency-key': 'phone-count-2' })).status,
    ).toBe(200);
    const late = await count(
      'worker',
      deposit,
      { depositCoinsCents: 1000, depositTokens: 2 },
      { 'idempotency-key': 'phone-count-1', 'if-match': '"0.0"' },
    );
    expect(late.status).toBe(412);
    expect(late.body).toMatchObject({ depositCoinsCents: 700, depositTokens: 1, reportedByName: 'Marko Horvat' });
    expect(await reports(deposit)).toBe(3);
  });

  it('the same key as the stored count replays even with a stale If-Match; parallel replays write once', async () => {
    const deposit = await openDeposit();
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() =>
        count('worker', deposit, { depositCoinsCents: 1000, depositTokens: 2 }, { 'idempotency-key': 'k-1', 'if-match': '"0.0"' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.reportedAt)).size).toBe(1);
    expect(await reports(deposit)).toBe(1);
    const [row] = await t.db.select().from(deposits).where(eq(deposits.id, deposit.id));
    expect(row).toMatchObject({ depositCoinsCents: 1000, depositTokens: 2, reportKey: 'k-1' });
    // A key too long, or empty: 400 in the caller's language.
    const long = await count(
      'worker',
      deposit,
      { depositCoinsCents: 1, depositTokens: 0 },
      { 'idempotency-key': 'x'.repeat(201), 'accept-language': 'hr' },
    );
    expect(long.status).toBe(400);
    expect(long.body.detail).toContain('Idempotency-Key');
    expect(await reports(deposit)).toBe(1);
    // A verified deposit is still read-only to a new key; its own key replays.
    await t.json('manager', { method: 'POST', url: '/api/v2/deposits/verify', payload: { deposits: [deposit['@id']] } });
    expect((await count('worker', deposit, { depositCoinsCents: 1, depositTokens: 0 }, { 'idempotency-key': 'k-2' })).status).toBe(409);
    expect((await count('worker', deposit, { depositCoinsCents: 1000, depositTokens: 2 }, { 'idempotency-key': 'k-1' })).status).toBe(200);
  });
});
