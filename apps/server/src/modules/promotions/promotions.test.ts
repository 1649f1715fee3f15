import type { Collection, Device, Promotion } from '@kovanica/contract';
import { ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { devices, loyaltyOwners, promotions } from '../../db/schema/index.ts';
import { mergePatch, testApp } from '../../testing/app.ts';
import { firstOf } from '../../testing/fixtures.ts';
import { bonusPromotionFor } from './promotions.service.ts';

const t = await testApp();
type Violations = { violations: { propertyPath: string; code: string }[] };

// The owners' own resource is another module's: the programme's owner is a row here.
const [owner, otherOwner] = await t.db
  .insert(loyaltyOwners)
  .values([
    { companyId: 1, name: 'Zabavni kartica', oib: '69435151530', isOperator: true },
    { companyId: 1, name: 'Partner kartica', oib: '69435151530' },
  ])
  .returning();
const ownerIri = `/api/v2/loyalty-owners/${owner?.id}`;
const device = await firstOf<Device>(t, '/api/v2/devices');
const [foreignDevice] = await t.db.select().from(devices).where(ne(devices.companyId, 1)).limit(1);

const bonus = {
  owner: ownerIri,
  name: 'Jesenski bonus',
  kind: 'bonus',
  validFrom: '2026-09-01',
  validTo: '2026-12-31',
  tiers: [
    { fromCents: 2_000, bonusBp: 1_000 },
    { fromCents: 5_000, bonusBp: 2_000 },
  ],
};
const happyHour = {
  owner: ownerIri,
  name: 'Sretni sat',
  kind: 'happy_hour',
  validFrom: '2026-11-01',
  devices: [device['@id']],
  priceCents: 50,
  weekdays: [6, 5, 5],
  hoursFrom: '18:00',
  hoursTo: '20:00',
};

describe('promotions', () => {
  it("creates a bonus in its owner's company, with the owner's name", async () => {
    const res = await t.json<Promotion>('manager', { method: 'POST', url: '/api/v2/promotions', payload: bonus });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      company: '/api/v2/companies/1',
      owner: ownerIri,
      ownerName: 'Zabavni kartica',
      kind: 'bonus',
      active: true,
      tiers: bonus.tiers,
      devices: [],
      priceCents: null,
      weekdays: [],
      hoursFrom: null,
    });
    expect((await t.as('accountant', { url: res.body['@id'] })).statusCode).toBe(200);
    expect((await t.as('accountant', { method: 'POST', url: '/api/v2/promotions', payload: bonus })).statusCode).toBe(403);
    expect((await t.as('otherManager', { url: res.body['@id'] })).statusCode).toBe(403); // no loyalty module there
  });

  it('creates a happy hour on chosen devices, weekdays once each and in order', async () => {
    const res = await t.json<Promotion>('manager', { method: 'POST', url: '/api/v2/promotions', payload: happyHour });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ devices: [device['@id']], priceCents: 50, weekdays: [5, 6], hoursFrom: '18:00', tiers: [] });
    const list = await t.json<Collection<Promotion>>('manager', { url: '/api/v2/promotions?kind=happy_hour' });
    expect(list.body.member.map((p) => p.name)).toEqual(['Sretni sat']);
    if (foreignDevice) {
      const foreign = await t.json<Violations>('manager', {
        method: 'POST',
        url: '/api/v2/promotions',
        payload: { ...happyHour, devices: [`/api/v2/devices/${foreignDevice.id}`] },
      });
      expect(foreign.status).toBe(422);
      expect(['reference', 'other_company']).toContain(foreign.body.violations[0]?.code);
    }
  });

  it("checks the kind's fields, the tiers' order and the dates, also on a patch", async () => {
    const bad = await t.json<Violations>('manager', {
      method: 'POST',
      url: '/api/v2/promotions',
      payload: { ...bonus, validTo: '2026-08-01', tiers: [bonus.tiers[1], bonus.tiers[0]] },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.violations.map((v) => [v.propertyPath, v.code]).sort()).toEqual([
      ['tiers.1.fromCents', 'tiers_order'],
      ['validTo', 'end_before_start'],
    ]);
    const noOwner = await t.json<Violations>('manager', {
      method: 'POST',
      url: '/api/v2/promotions',
      payload: { ...bonus, owner: '/api/v2/loyalty-owners/999999' },
    });
    expect(noOwner.body.violations[0]).toMatchObject({ propertyPath: 'owner', code: 'reference' });

    const created = (
      await t.json<Promotion>('manager', { method: 'POST', url: '/api/v2/promotions', payload: { ...bonus, name: 'Za patch' } })
    ).body;
    // Turned into a happy hour, it needs that kind's fields.
    const toHappy = await t.json<Violations>('manager', {
      method: 'PATCH',
      url: created['@id'],
      headers: mergePatch,
      payload: { kind: 'happy_hour' },
    });
    expect(toHappy.status).toBe(422);
    expect(toHappy.body.violations.map((v) => v.propertyPath)).toEqual(['devices', 'priceCents', 'weekdays', 'hoursFrom', 'hoursTo']);
    const early = await t.json<Violations>('manager', {
      method: 'PATCH',
      url: created['@id'],
      headers: mergePatch,
      payload: { validTo: '2026-01-01' },
    });
    expect(early.body.violations[0]).toMatchObject({ propertyPath: 'validTo', code: 'end_before_start' });
    const { owner: _owner, name: _name, kind: _kind, ...happyFields } = happyHour;
    const turned = await t.json<Promotion>('manager', {
      method: 'PATCH',
      url: created['@id'],
      headers: mergePatch,
      payload: { ...happyFields, kind: 'happy_hour' },
    });
    expect(turned.status).toBe(200);
    expect(turned.body).toMatchObject({ kind: 'happy_hour', tiers: [], devices: [device['@id']], validTo: '2026-12-31' });
    expect((await t.as('manager', { method: 'DELETE', url: created['@id'] })).statusCode).toBe(204);
  });

  it('finds the bonus promotion in force on the Zagreb date that gives the most', async () => {
    const at = new Date('2026-10-15T10:00:00Z');
    const ownerId = otherOwner?.id ?? 0;
    const input = { companyId: 1, ownerId, at, paidCents: 6_000 };
    expect(await bonusPromotionFor(t.db, input)).toBeNull();
    const [small, big, inactive, later] = await t.db
      .insert(promotions)
      .values([
        { companyId: 1, ownerId, name: 'Mali', kind: 'bonus', validFrom: '2026-10-01', tiers: [{ fromCents: 1_000, bonusBp: 1_000 }] },
        {
          companyId: 1,
          ownerId,
          name: 'Veliki',
          kind: 'bonus',
          validFrom: '2026-10-01',
          validTo: '2026-10-15',
          tiers: [{ fromCents: 5_000, bonusBp: 2_500 }],
        },
        {
          companyId: 1,
          ownerId,
          name: 'Ugašeni',
          kind: 'bonus',
          validFrom: '2026-01-01',
          active: false,
          tiers: [{ fromCents: 0, bonusBp: 10_000 }],
        },
        { companyId: 1, ownerId, name: 'Kasniji', kind: 'bonus', validFrom: '2026-10-16', tiers: [{ fromCents: 0, bonusBp: 9_000 }] },
      ])
      .returning();
    expect(await bonusPromotionFor(t.db, input)).toEqual({ promotionId: big?.id, bonusCents: 1_500 });
    // Below the big one's tier, the small one gives more.
    expect(await bonusPromotionFor(t.db, { ...input, paidCents: 2_000 })).toEqual({ promotionId: small?.id, bonusCents: 200 });
    expect(await bonusPromotionFor(t.db, { ...input, paidCents: 500 })).toBeNull();
    // 23:30 UTC on 15 October is already the 16th in Zagreb: the big one has ended, the later one begun.
    expect(await bonusPromotionFor(t.db, { ...input, at: new Date('2026-10-15T23:30:00Z') })).toEqual({
      promotionId: later?.id,
      bonusCents: 5_400,
    });
    expect(inactive).toBeDefined();
    // Another owner's programme, another company: nothing.
    expect(await bonusPromotionFor(t.db, { ...input, ownerId: owner?.id ?? 0, at: new Date('2026-01-15T10:00:00Z') })).toBeNull();
    expect(await bonusPromotionFor(t.db, { ...input, companyId: 2 })).toBeNull();
  });
});
