import type { Collection, Deposit, Device } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { demoCredential } from '../../demo/fleet.ts';
import { mergePatch, testApp } from '../../testing/app.ts';

const t = await testApp();
const devices = (await t.json<Collection<Device>>('manager', { url: '/api/v2/devices?group=monster&itemsPerPage=2' })).body.member;
const at = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
// Each device takes some coins and tokens, then is emptied: a deposit opens with what telemetry counted.
for (const [i, device] of devices.entries()) {
  await t.app.inject({
    method: 'POST',
    url: '/api/v2/telemetry/batches',
    headers: { authorization: `Bearer ${demoCredential(device.imei ?? '')}` },
    payload: {
      imei: device.imei,
      events: [
        { seq: 1, at: at(30), type: 'coin', valueCents: 200, count: 5 + i },
        { seq: 2, at: at(20), type: 'token', count: 2 },
        { seq: 3, at: at(10), type: 'emptying', coinsCents: 1000 + i * 200, tokens: 2 },
      ],
    },
  });
}
const list = async (user: 'manager' | 'worker' | 'accountant' | 'otherManager', query = '') =>
  (await t.json<Collection<Deposit>>(user, { url: `/api/v2/deposits${query}` })).body;

describe('deposits', () => {
  it('open at each emptying with the reported amounts, awaiting the count', async () => {
    const open = await list('worker', '?status=awaiting_count');
    expect(open.totalItems).toBe(2);
    expect(open.member.map((d) => [d.reportedCoinsCents, d.reportedTokens, d.status]).sort()).toEqual([
      [1000, 2, 'awaiting_count'],
      [1200, 2, 'awaiting_count'],
    ]);
    expect((await list('otherManager')).totalItems).toBe(0);
  });

  it('a worker reports what was counted; coins and tokens differ on their own', async () => {
    const [first, second] = (await list('worker', '?order[id]=asc')).member as [Deposit, Deposit];
    const exact = await t.json<Deposit>('worker', {
      method: 'PATCH',
      url: first['@id'],
      headers: mergePatch,
      payload: { depositCoinsCents: 1000, depositTokens: 2 },
    });
    expect(exact.body).toMatchObject({
      differenceCoinsCents: 0,
      differenceTokens: 0,
      outsideTolerance: false,
      status: 'pending_verification',
      reportedByName: 'Luka Babić',
    });
    const short = await t.json<Deposit>('worker', {
      method: 'PATCH',
      url: second['@id'],
      headers: mergePatch,
      payload: { depositCoinsCents: 900, depositTokens: 1 },
    });
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

  it('verifies many at once, all or none; outside the tolerance needs a note; verified ones are read-only', async () => {
    const [first, second] = (await list('manager', '?order[id]=asc')).member as [Deposit, Deposit];
    const both = { deposits: [first['@id'], second['@id']] };
    expect((await t.as('worker', { method: 'POST', url: '/api/v2/deposits/verify', payload: both })).statusCode).toBe(403);
    const refused = await t.json<{ violations: { propertyPath: string; code: string }[] }>('manager', {
      method: 'POST',
      url: '/api/v2/deposits/verify',
      payload: both,
    });
    expect(refused.body.violations[0]).toMatchObject({ propertyPath: 'deposits.1', code: 'note_required' });
    expect((await list('manager', '?status=verified')).totalItems).toBe(0); // none was verified
    const ok = await t.json<{ verified: number }>('accountant', {
      method: 'POST',
      url: '/api/v2/deposits/verify',
      payload: { ...both, notes: { [second['@id']]: 'One bag short, reported to the location.' } },
    });
    expect(ok.body).toEqual({ verified: 2 });
    const verified = await list('manager', '?status=verified&order[id]=asc');
    expect(verified.member.map((d) => [d.status, d.verifiedByName, d.note])).toEqual([
      ['verified', 'Ivana Kovačić', null],
      ['verified', 'Ivana Kovačić', 'One bag short, reported to the location.'],
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

  it('a device whose last verified deposit was off by more than the tolerance is problematic', async () => {
    const [first, second] = (await list('manager', '?order[id]=asc')).member as [Deposit, Deposit];
    const problems = async (deposit: Deposit) => (await t.json<Device>('manager', { url: deposit.device })).body.state?.problems;
    expect(await problems(first)).toEqual([]);
    expect(await problems(second)).toEqual(['deposit_difference']);
  });
});
