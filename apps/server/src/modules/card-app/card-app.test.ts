import { addDays, businessDate, type CardAppCard, type CardAppPromoBoxes } from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loyaltyCards } from '../../db/schema/index.ts';
import { testApp } from '../../testing/app.ts';
import { loyaltyProgramme } from '../../testing/loyalty.ts';
import { audiencesOf } from './card-app.service.ts';

const t = await testApp();
const p = await loyaltyProgramme(t);
const partner = await p.post('/api/v2/loyalty-owners', { name: 'Partner d.o.o.', oib: '94577403194' });
const keyOf = async (owner: { '@id': string }) =>
  (await t.json<{ appKey: string }>('manager', { method: 'POST', url: `${owner['@id']}/app-key` })).body.appKey;
const key = await keyOf(p.owner);
const app = (credential: string, url: string) =>
  t.app.inject({ url: `/api/v2/card-app${url}`, headers: credential ? { authorization: `Bearer ${credential}` } : {} });
const today = businessDate();
const box = (title: string, audience: string, activeFrom = addDays(today, -1), activeTo: string | null = null, owner = p.owner) =>
  p.post('/api/v2/promo-boxes', {
    owner: owner['@id'],
    title,
    backgroundColor: '#1A237E',
    textColor: '#FFFFFF',
    activeFrom,
    activeTo,
    audience,
  });

describe("the card holders' app API", () => {
  it("reads a card of its owner's programme with its last transactions, and nobody else's", async () => {
    const card = await p.card('0A0B0C0D');
    await t.as('manager', {
      method: 'POST',
      url: '/api/v2/card-transactions',
      payload: { card: card['@id'], paidCents: 1500, bonusCents: 250, note: 'Welcome' },
    });
    const read = await app(key, '/cards/0a:0b:0c:0d');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<CardAppCard>()).toMatchObject({ number: card.number, paidCents: 1500, bonusCents: 250, balanceCents: 1750 });
    expect(read.json<CardAppCard>().transactions).toEqual([
      expect.objectContaining({ kind: 'adjustment', paidCents: 1500, bonusCents: 250 }),
    ]);
    expect((await app(await keyOf(partner), '/cards/0A0B0C0D')).statusCode).toBe(404);
    expect((await app('', '/cards/0A0B0C0D')).statusCode).toBe(401);
    expect((await app(await t.token('manager'), '/cards/0A0B0C0D')).statusCode).toBe(401);
  });

  it('lists the promo boxes active today for the card’s audience', async () => {
    await box('Za sve', 'all');
    await box('Vraćamo vas', 'inactive');
    await box('Hvala na vjernosti', 'active');
    await box('Prošlo', 'all', addDays(today, -30), addDays(today, -2));
    await box('Uskoro', 'all', addDays(today, 3));
    await box('Partnerov', 'all', addDays(today, -1), null, partner);
    const titles = async (url: string) =>
      (await app(key, url))
        .json<CardAppPromoBoxes>()
        .member.map((b) => b.title)
        .sort();
    expect(await titles('/promo-boxes')).toEqual(['Za sve']);
    const card = await p.card('0A0B0C0E');
    // Never used: an inactive card.
    expect(await titles(`/promo-boxes?card=${card.uid}`)).toEqual(['Vraćamo vas', 'Za sve']);
    await t.db.update(loyaltyCards).set({ lastUsedAt: new Date() }).where(eq(loyaltyCards.id, card.id));
    expect(await titles(`/promo-boxes?card=${card.uid}`)).toEqual(['Hvala na vjernosti', 'Za sve']);
  });

  it('sorts cards into audiences by their last use', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    const ago = (days: number) => new Date(now.getTime() - days * 86_400_000);
    expect(audiencesOf(null, now)).toEqual(['all', 'inactive']);
    expect(audiencesOf(ago(29), now)).toEqual(['all', 'active']);
    expect(audiencesOf(ago(60), now)).toEqual(['all']);
    expect(audiencesOf(ago(91), now)).toEqual(['all', 'inactive']);
  });
});
