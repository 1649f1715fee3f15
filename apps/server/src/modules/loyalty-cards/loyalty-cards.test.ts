import type { CardHolder, CardTransaction, Collection, Device, LoyaltyCard } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loyaltyOwners } from '../../db/schema/index.ts';
import { demoCredential } from '../../demo/fleet.ts';
import { mergePatch, testApp } from '../../testing/app.ts';

const t = await testApp();
// The other company runs a loyalty programme too (the demo's has none): its manager gets 404s, not 403s.
await t.db.execute(sql`update companies set active_modules = array_append(active_modules, 'loyalty') where oib = '98765432198'`);
const devices = (await t.json<Collection<Device>>('manager', { url: '/api/v2/devices?itemsPerPage=100' })).body.member.filter(
  (d) => d.imei && d.company === '/api/v2/companies/1',
);
const [owner] = await t.db
  .insert(loyaltyOwners)
  .values({ companyId: 1, name: 'Zabavni park d.o.o.', oib: '69435151530', isOperator: true })
  .returning({ id: loyaltyOwners.id });
const ownerIri = `/api/v2/loyalty-owners/${owner?.id}`;

const createCard = async (uid: string, number: string) => {
  const res = await t.json<LoyaltyCard>('manager', {
    method: 'POST',
    url: '/api/v2/loyalty-cards',
    payload: { owner: ownerIri, uid, number },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
const card = async (c: LoyaltyCard) => (await t.json<LoyaltyCard>('manager', { url: c['@id'] })).body;
const adjust = (c: LoyaltyCard, paidCents: number, bonusCents: number) =>
  t.json<CardTransaction>('manager', {
    method: 'POST',
    url: '/api/v2/card-transactions',
    payload: { card: c['@id'], paidCents, bonusCents, note: 'Opening balance' },
  });

const seqs = new Map<string, number>();
/** Sends a batch of `card` spends from a device's logger; `seqs` picks the sequence numbers (a resend reuses them). */
const send = (device: Device, spends: { uid: string; cents: number; seq?: number; minutesAgo?: number }[]) => {
  const imei = device.imei ?? '';
  const events = spends.map((s) => {
    const seq = s.seq ?? (seqs.get(imei) ?? 1_000_000) + 1;
    if (s.seq === undefined) seqs.set(imei, seq);
    return {
      seq,
      at: new Date(Date.now() - (s.minutesAgo ?? 5) * 60_000).toISOString(),
      type: 'card',
      cardUid: s.uid,
      valueCents: s.cents,
    };
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/telemetry/batches',
    headers: { authorization: `Bearer ${demoCredential(imei)}` },
    payload: { imei, events },
  });
};
const ledgerOf = async (c: LoyaltyCard) =>
  (await t.json<Collection<CardTransaction>>('manager', { url: `/api/v2/card-transactions?card=${c.id}&itemsPerPage=200&order[at]=asc` }))
    .body.member;

describe('loyalty cards', () => {
  it('are created with a normalised uid, unique in the company, and no credit', async () => {
    const c = await createCard('04:a2:2b-91', 'K-0001');
    expect(c).toMatchObject({
      uid: '04A22B91',
      number: 'K-0001',
      status: 'active',
      balanceCents: 0,
      flagged: false,
      ownerName: 'Zabavni park d.o.o.',
    });
    const again = await t.json<{ violations: { propertyPath: string; code: string }[] }>('manager', {
      method: 'POST',
      url: '/api/v2/loyalty-cards',
      payload: { owner: ownerIri, uid: '04A22B91', number: 'K-0002' },
    });
    expect(again.status).toBe(422);
    expect(again.body.violations).toEqual([expect.objectContaining({ propertyPath: 'uid', code: 'unique' })]);
    const bad = await t.json<{ violations: { code: string }[] }>('manager', {
      method: 'POST',
      url: '/api/v2/loyalty-cards',
      payload: { owner: ownerIri, uid: 'XYZ', number: 'K-0003' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.violations).toEqual([expect.objectContaining({ code: 'card_uid' })]);
    // Credit comes from the ledger only: a card's form cannot carry any.
    const credit = await t.as('manager', {
      method: 'POST',
      url: '/api/v2/loyalty-cards',
      payload: { owner: ownerIri, uid: '0A0B0C0D', number: 'K-0004', paidCents: 5000 },
    });
    expect(credit.statusCode).toBe(400);
  });

  it('keep who blocked them, when and why; a block needs a reason', async () => {
    const c = await createCard('A0B0C0D0', 'K-0010');
    const noReason = await t.as('manager', { method: 'PATCH', url: c['@id'], headers: mergePatch, payload: { status: 'blocked' } });
    expect(noReason.statusCode).toBe(422);
    const blocked = await t.json<LoyaltyCard>('manager', {
      method: 'PATCH',
      url: c['@id'],
      headers: mergePatch,
      payload: { status: 'blocked', statusReason: 'Reported stolen by phone' },
    });
    expect(blocked.body).toMatchObject({
      status: 'blocked',
      statusReason: 'Reported stolen by phone',
      statusChangedByName: 'Marko Horvat',
    });
    expect(Date.now() - Date.parse(blocked.body.statusChangedAt ?? '')).toBeLessThan(60_000);
  });

  it('are read by accountants, written by managers, invisible to another company', async () => {
    const c = await createCard('A1A1A1A1', 'K-0020');
    expect((await t.as('accountant', { url: c['@id'] })).statusCode).toBe(200);
    const write = await t.as('accountant', { method: 'PATCH', url: c['@id'], headers: mergePatch, payload: { number: 'X' } });
    expect(write.statusCode).toBe(403);
    expect((await t.as('worker', { url: c['@id'] })).statusCode).toBe(403);
    expect((await t.as('manager@drugi.test', { url: c['@id'] })).statusCode).toBe(404);
    const foreign = await t.as('manager@drugi.test', {
      method: 'POST',
      url: '/api/v2/card-transactions',
      payload: { card: c['@id'], paidCents: 100, bonusCents: 0, note: 'x' },
    });
    expect(foreign.statusCode).toBe(422);
    expect((await card(c)).balanceCents).toBe(0);
  });
});

describe('the card ledger', () => {
  it('takes staff corrections with a note; the bonus cannot go below zero, and a refusal changes nothing', async () => {
    const c = await createCard('B1B1B1B1', 'K-0100');
    expect((await adjust(c, 2000, 300)).status).toBe(201);
    const refused = await adjust(c, 0, -500);
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('3,00');
    expect(await card(c)).toMatchObject({ paidCents: 2000, bonusCents: 300, balanceCents: 2300 });
    expect((await ledgerOf(c)).map((e) => [e.kind, e.paidCents, e.bonusCents, e.paidAfterCents, e.bonusAfterCents, e.userName])).toEqual([
      ['adjustment', 2000, 300, 2000, 300, 'Marko Horvat'],
    ]);
  });

  // A staff correction pushed a card's paid credit to −109,985 € and left it unflagged.
  it('bounds a correction by the company’s limit, and flags a card a correction leaves below zero', async () => {
    const c = await createCard('B3B3B3B3', 'K-0105');
    const tooMuch = await adjust(c, -20_001, 0);
    expect(tooMuch.status).toBe(422);
    expect(JSON.stringify(tooMuch.body)).toContain('200,00');
    expect((await adjust(c, 0, 20_001)).status).toBe(422);
    expect(await card(c)).toMatchObject({ paidCents: 0, bonusCents: 0, flagged: false });
    // Within the limit, below zero: taken, and the card is flagged for someone to look at.
    expect((await adjust(c, -5_000, 0)).status).toBe(201);
    expect(await card(c)).toMatchObject({ paidCents: -5_000, flagged: true });
    // The company raises its limit: a larger correction is taken.
    const company = (await t.json<{ '@id': string }>('manager', { url: '/api/v2/companies/1' })).body;
    const raised = await t.as('manager', {
      method: 'PATCH',
      url: company['@id'],
      headers: mergePatch,
      payload: { cardCorrectionLimitCents: 100_000 },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect((await adjust(c, 50_000, 0)).status).toBe(201);
    // Accountants and workers make no corrections at all.
    for (const role of ['accountant', 'worker'] as const) {
      expect(
        (
          await t.as(role, {
            method: 'POST',
            url: '/api/v2/card-transactions',
            payload: { card: c['@id'], paidCents: 100, bonusCents: 0, note: 'x' },
          })
        ).statusCode,
      ).toBe(403);
    }
  });

  it("names the holder's new name after a rename, though its answers are cached", async () => {
    const holder = await t.json<CardHolder>('manager', {
      method: 'POST',
      url: '/api/v2/card-holders',
      payload: { owner: ownerIri, name: 'Iva', surname: 'Perić' },
    });
    expect(holder.status).toBe(201);
    const c = await createCard('B2B2B2B2', 'K-0110');
    await t.as('manager', { method: 'PATCH', url: c['@id'], headers: mergePatch, payload: { holder: holder.body['@id'] } });
    await adjust(c, 100, 0);
    expect((await ledgerOf(c)).map((e) => e.holderName)).toEqual(['Iva Perić']);
    const renamed = await t.as('manager', {
      method: 'PATCH',
      url: holder.body['@id'],
      headers: mergePatch,
      payload: { surname: 'Horvat' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await ledgerOf(c)).map((e) => e.holderName)).toEqual(['Iva Horvat']);
  });

  it('debits a spend on a machine once, the paid credit first, even when the batch is sent again', async () => {
    const c = await createCard('C1C1C1C1', 'K-0200');
    await adjust(c, 1000, 500);
    const device = devices[0] as Device;
    const first = await send(device, [
      // A minute or two after the correction (a logger's clock may run up to 5 minutes ahead).
      { uid: 'c1:c1:c1:c1', cents: 800, minutesAgo: -1 },
      { uid: 'C1C1C1C1', cents: 400, minutesAgo: -2 },
      { uid: 'FFFFFFFF', cents: 200, minutesAgo: -3 },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    const seq = seqs.get(device.imei ?? '') as number;
    const again = await send(device, [
      { uid: 'C1C1C1C1', cents: 800, seq: seq - 2, minutesAgo: -1 },
      { uid: 'C1C1C1C1', cents: 400, seq: seq - 1, minutesAgo: -2 },
    ]);
    expect(again.json()).toMatchObject({ accepted: 0, duplicates: 2 });
    expect(await card(c)).toMatchObject({ paidCents: 0, bonusCents: 300, flagged: false });
    const spends = (await ledgerOf(c)).filter((e) => e.kind === 'spend');
    expect(spends.map((e) => [e.paidCents, e.bonusCents, e.paidAfterCents, e.bonusAfterCents, e.deviceName])).toEqual([
      [-800, 0, 200, 500, device.name],
      [-200, -200, 0, 300, device.name],
    ]);
    expect((await card(c)).lastUsedAt).not.toBeNull();
  });

  it('records a spend the card did not cover: the paid credit goes negative and the card is flagged', async () => {
    const c = await createCard('D1D1D1D1', 'K-0300');
    await adjust(c, 100, 50);
    await send(devices[1] as Device, [{ uid: 'D1D1D1D1', cents: 400 }]);
    expect(await card(c)).toMatchObject({ paidCents: -250, bonusCents: 0, flagged: true });
    const cleared = await t.json<LoyaltyCard>('manager', {
      method: 'PATCH',
      url: c['@id'],
      headers: mergePatch,
      payload: { flagged: false },
    });
    expect(cleared.body.flagged).toBe(false);
  });

  it('flags a spend on a blocked card', async () => {
    const c = await createCard('E1E1E1E1', 'K-0400');
    await adjust(c, 1000, 0);
    await t.as('manager', {
      method: 'PATCH',
      url: c['@id'],
      headers: mergePatch,
      payload: { status: 'lost', statusReason: 'Lost at the park' },
    });
    await send(devices[1] as Device, [{ uid: 'E1E1E1E1', cents: 100 }]);
    expect(await card(c)).toMatchObject({ paidCents: 900, flagged: true });
  });

  it('shows each row with the balance after it in the order of time, also when a late batch is applied after later rows', async () => {
    const c = await createCard('D2D2D2D2', 'K-0350');
    await adjust(c, 1000, 0);
    // An offline device's spend from half an hour ago arrives after the correction made now.
    await send(devices[1] as Device, [{ uid: 'D2D2D2D2', cents: 300, minutesAgo: 30 }]);
    expect((await ledgerOf(c)).map((e) => [e.kind, e.paidCents, e.paidAfterCents])).toEqual([
      ['spend', -300, -300],
      ['adjustment', 1000, 700],
    ]);
    expect(await card(c)).toMatchObject({ paidCents: 700 });
  });

  it('stays exact when many batches spend the same cards at once, with duplicates and out of order', async () => {
    const cards = await Promise.all([0, 1, 2, 3].map((i) => createCard(`F${i}F${i}F${i}F${i}`, `K-05${i}0`)));
    for (const c of cards) await adjust(c, 10_000, 2_000);
    const fleet = devices.slice(2, 6);
    expect(fleet).toHaveLength(4);
    // Each device sends 6 batches of 10 spends (5–60 cents) over the four cards; every batch goes out
    // twice, and the copies race the originals in reverse order.
    const batches: { device: Device; spends: { uid: string; cents: number; seq: number; minutesAgo: number }[] }[] = [];
    let expected = 0;
    fleet.forEach((device, d) => {
      for (let b = 0; b < 6; b++) {
        const spends = Array.from({ length: 10 }, (_, i) => {
          const n = d * 60 + b * 10 + i;
          const cents = 5 + ((n * 37) % 56);
          expected += cents;
          return { uid: (cards[n % 4] as LoyaltyCard).uid, cents, seq: 2_000_000 + b * 10 + i, minutesAgo: 30 - b };
        });
        batches.push({ device, spends });
      }
    });
    const answers = await Promise.all([...batches, ...[...batches].reverse()].map((x) => send(x.device, x.spends)));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    expect(answers.reduce((n, a) => n + a.json<{ accepted: number }>().accepted, 0)).toBe(240);

    const after = await Promise.all(cards.map(card));
    const total = after.reduce((n, c) => n + c.balanceCents, 0);
    expect(total).toBe(4 * 12_000 - expected);
    for (const c of after) {
      const ledger = await ledgerOf(c);
      const sum = ledger.reduce((n, e) => ({ paid: n.paid + e.paidCents, bonus: n.bonus + e.bonusCents }), { paid: 0, bonus: 0 });
      expect(sum).toEqual({ paid: c.paidCents, bonus: c.bonusCents });
      expect(ledger.filter((e) => e.kind === 'spend')).toHaveLength(60);
    }
    const twice = await t.db.execute(
      sql`select logger_id, seq from card_transactions where seq is not null group by 1, 2 having count(*) > 1`,
    );
    expect((twice as unknown as { rows: unknown[] }).rows).toEqual([]);
    // The ledger's running balances follow each other: every row's balance is the previous one's plus its change.
    const chain = await t.db.execute(sql`select count(*)::int as broken from (
      select paid_after_cents - paid_cents - lag(paid_after_cents, 1, 0::bigint) over w as dp,
             bonus_after_cents - bonus_cents - lag(bonus_after_cents, 1, 0::bigint) over w as db
      from card_transactions window w as (partition by card_id order by id)) x where dp <> 0 or db <> 0`);
    expect((chain as unknown as { rows: { broken: number }[] }).rows[0]?.broken).toBe(0);
  });
});
