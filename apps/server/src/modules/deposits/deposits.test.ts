import type { Collection, Deposit, Device } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { mergePatch, testApp } from '../../testing/app.ts';
import { createDeviceWithLogger, sendEvents } from '../../testing/fixtures.ts';

const t = await testApp();
const at = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const list = async (user: 'manager' | 'worker' | 'accountant' | 'otherManager', query = '') =>
  (await t.json<Collection<Deposit>>(user, { url: `/api/v2/deposits${query}` })).body;
const read = async (deposit: Deposit) => (await t.json<Deposit>('manager', { url: deposit['@id'] })).body;

/**
 * Two new devices, each takes some coins and two tokens, then is emptied: a deposit opens with what
 * telemetry counted (10,00 € and 12,00 € of coins, 2 tokens), awaiting the count.
 */
async function twoDeposits(): Promise<[Deposit, Deposit]> {
  const made: Deposit[] = [];
  for (const i of [0, 1]) {
    const { device, logger } = await createDeviceWithLogger(t);
    await sendEvents(t, logger, [
      { seq: 1, at: at(30), type: 'coin', valueCents: 200, count: 5 + i },
      { seq: 2, at: at(20), type: 'token', count: 2 },
      { seq: 3, at: at(10), type: 'emptying', coinsCents: 1000 + i * 200, tokens: 2 },
    ]);
    const [deposit] = (await list('manager', `?device=${device.id}`)).member;
    if (!deposit) throw new Error(`no deposit for ${device.name}`);
    made.push(deposit);
  }
  return made as [Deposit, Deposit];
}

/** A worker's count of a deposit. */
const report = (deposit: Deposit, depositCoinsCents: number, depositTokens: number) =>
  t.json<Deposit>('worker', { method: 'PATCH', url: deposit['@id'], headers: mergePatch, payload: { depositCoinsCents, depositTokens } });

/** Two deposits counted: the first exactly, the second 3,00 € of coins and a token short (outside the tolerance). */
async function twoCounted(): Promise<[Deposit, Deposit]> {
  const [first, second] = await twoDeposits();
  await report(first, 1000, 2);
  await report(second, 900, 1);
  return [first, second];
}

describe('deposits', () => {
  it('open at each emptying with the reported amounts, awaiting the count', async () => {
    const mine = new Set((await twoDeposits()).map((d) => d['@id']));
    const open = (await list('worker', '?status=awaiting_count&itemsPerPage=200')).member.filter((d) => mine.has(d['@id']));
    expect(open.map((d) => [d.reportedCoinsCents, d.reportedTokens, d.status]).sort()).toEqual([
      [1000, 2, 'awaiting_count'],
      [1200, 2, 'awaiting_count'],
    ]);
    expect((await list('otherManager')).totalItems).toBe(0);
  });

  it('a worker reports what was counted; coins and tokens differ on their own', async () => {
    const [first, second] = await twoDeposits();
    const exact = await report(first, 1000, 2);
    expect(exact.body).toMatchObject({
      differenceCoinsCents: 0,
      differenceTokens: 0,
      outsideTolerance: false,
      status: 'pending_verification',
      reportedByName: 'Luka Babić',
    });
    const short = await report(second, 900, 1);
    // 3,00 € of coins and one token (1,00 €) short: 4,00 € against a tolerance of 2,00 €.
    expect(short.body).toMatchObject({ differenceCoinsCents: -300, differenceTokens: -1, outsideTolerance: true });
    expect(
      (
        await t.as('worker', {
          method: 'PATCH',
          url: second['@id'],
          headers: mergePatch,
          payload: { depositCoinsCents: -1, depositTokens: 0 },
        })
      ).statusCode,
    ).toBe(422);
  });

  it('verifies many at once, all or none; outside the tolerance needs a verification note; verified ones are read-only', async () => {
    const [first, second] = await twoCounted();
    const both = { deposits: [first['@id'], second['@id']] };
    expect((await t.as('worker', { method: 'POST', url: '/api/v2/deposits/verify', payload: both })).statusCode).toBe(403);
    const refused = await t.json<{ violations: { propertyPath: string; code: string }[] }>('manager', {
      method: 'POST',
      url: '/api/v2/deposits/verify',
      payload: both,
    });
    expect(refused.body.violations[0]).toMatchObject({ propertyPath: 'deposits.1', code: 'note_required' });
    // None was verified.
    expect([(await read(first)).status, (await read(second)).status]).toEqual(['pending_verification', 'pending_verification']);
    const ok = await t.json<{ verified: number }>('accountant', {
      method: 'POST',
      url: '/api/v2/deposits/verify',
      payload: { ...both, notes: { [second['@id']]: 'One bag short, reported to the location.' } },
    });
    expect(ok.body).toEqual({ verified: 2 });
    const verified = [await read(first), await read(second)];
    expect(verified.map((d) => [d.status, d.verifiedByName, d.note, d.verificationNote])).toEqual([
      ['verified', 'Ivana Kovačić', null, null],
      ['verified', 'Ivana Kovačić', null, 'One bag short, reported to the location.'],
    ]);
    const locked = await t.json('worker', {
      method: 'PATCH',
      url: first['@id'],
      headers: mergePatch,
      payload: { depositCoinsCents: 1, depositTokens: 0 },
    });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe('A verified deposit cannot be changed.');
    const again = await t.json<{ violations: { code: string }[] }>('manager', {
      method: 'POST',
      url: '/api/v2/deposits/verify',
      payload: { deposits: [first['@id']] },
    });
    expect(again.body.violations[0]?.code).toBe('deposit_verified');
  });

  it("keeps the worker's note as reported: the verifier's note stands beside it, and the worker's does not stand in for it", async () => {
    const [within, short] = await twoDeposits();
    const reportWithNote = (deposit: Deposit, depositCoinsCents: number, note: string) =>
      t.json<Deposit>('worker', {
        method: 'PATCH',
        url: deposit['@id'],
        headers: mergePatch,
        payload: { depositCoinsCents, depositTokens: 2, note },
      });
    expect((await reportWithNote(within, 1000, 'Counted twice.')).body).toMatchObject({ note: 'Counted twice.', verificationNote: null });
    expect((await reportWithNote(short, 800, 'The box was jammed; a bag may be inside.')).body.outsideTolerance).toBe(true);
    const verify = (payload: object, headers: Record<string, string> = {}) =>
      t.json<{ verified: number; violations: { propertyPath: string; code: string; message: string }[] }>('manager', {
        method: 'POST',
        url: '/api/v2/deposits/verify',
        payload,
        headers,
      });
    const both = [within['@id'], short['@id']];

    // The worker's note explains; verifying past the tolerance needs the verifier's own, said in the user's language.
    const refused = await verify({ deposits: both });
    expect(refused.status).toBe(422);
    expect(refused.body.violations).toEqual([
      expect.objectContaining({
        propertyPath: 'deposits.1',
        code: 'note_required',
        message: 'The difference is outside the tolerance: add a verification note.',
      }),
    ]);
    const croatian = await verify({ deposits: both }, { 'accept-language': 'hr-HR,hr;q=0.9' });
    expect(croatian.status).toBe(422);
    expect(croatian.body.violations[0]?.message).toBe('Razlika je izvan tolerancije: dodajte napomenu ovjere.');
    // A blank note is none.
    expect((await verify({ deposits: both, notes: { [short['@id']]: '   ' } })).status).toBe(422);
    expect((await read(short)).status).toBe('pending_verification');

    // A note within the tolerance is welcome but not asked for.
    const ok = await verify({
      deposits: both,
      notes: { [within['@id']]: 'Seen.', [short['@id']]: 'Bag found in the box at the next emptying.' },
    });
    expect(ok.body.verified).toBe(2);
    expect([await read(within), await read(short)].map((d) => [d.status, d.note, d.verificationNote])).toEqual([
      ['verified', 'Counted twice.', 'Seen.'],
      ['verified', 'The box was jammed; a bag may be inside.', 'Bag found in the box at the next emptying.'],
    ]);
    // The trail records the verification note; the worker's note was not touched.
    const trail = (
      await t.json<Collection<{ action: string; before: Record<string, unknown>; after: Record<string, unknown> }>>('manager', {
        url: `/api/v2/audit-log?resource=deposits&recordId=${short.id}&order[at]=asc`,
      })
    ).body.member;
    expect(trail.map((e) => e.action)).toEqual(['report', 'verify']);
    expect(trail[1]?.before).toMatchObject({ verificationNote: null });
    expect(trail[1]?.after).toMatchObject({ verificationNote: 'Bag found in the box at the next emptying.' });
    expect(trail[1]?.after).not.toHaveProperty('note');
  });

  it('the verification note is written by verifying only: the count refuses it, from a worker and a manager alike', async () => {
    const [first] = await twoDeposits();
    for (const user of ['worker', 'manager'] as const) {
      const res = await t.json<{ message: string }>(user, {
        method: 'PATCH',
        url: first['@id'],
        headers: mergePatch,
        payload: { depositCoinsCents: 1000, depositTokens: 2, verificationNote: 'All fine.' },
      });
      // Not a field of the count (its body is strict): refused as every read-only field is, by name.
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Unknown or read-only field: verificationNote.');
    }
    // Nothing was written, not even the count sent with it.
    expect(await read(first)).toMatchObject({ status: 'awaiting_count', verificationNote: null, depositCoinsCents: null });
    await report(first, 1000, 2);
    // Verifying is not the worker's, with a note or without.
    const byWorker = await t.as('worker', {
      method: 'POST',
      url: '/api/v2/deposits/verify',
      payload: { deposits: [first['@id']], notes: { [first['@id']]: 'All fine.' } },
    });
    expect(byWorker.statusCode).toBe(403);
    expect(await read(first)).toMatchObject({ status: 'pending_verification', verificationNote: null });
  });

  it('a device whose last verified deposit was off by more than the tolerance is problematic', async () => {
    const [first, second] = await twoCounted();
    const verify = { deposits: [first['@id'], second['@id']], notes: { [second['@id']]: 'Short.' } };
    expect((await t.json('accountant', { method: 'POST', url: '/api/v2/deposits/verify', payload: verify })).status).toBe(200);
    const problems = async (deposit: Deposit) => (await t.json<Device>('manager', { url: deposit.device })).body.state?.problems;
    expect(await problems(first)).toEqual([]);
    expect(await problems(second)).toEqual(['deposit_difference']);
  });
});
