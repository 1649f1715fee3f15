import { createHash } from 'node:crypto';
import type { Collection, LoyaltyOwner, LoyaltyOwnerAppKey } from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cardHolders, loyaltyOwners } from '../../db/schema/index.ts';
import { mergePatch, testApp } from '../../testing/app.ts';
import { uniqueOib } from '../../testing/fixtures.ts';

const t = await testApp();
type Violations = { violations: { propertyPath: string; code: string; message: string }[] };
const url = '/api/v2/loyalty-owners';
const create = (payload: object, user = 'manager') => t.json<LoyaltyOwner>(user, { method: 'POST', url, payload });

describe('loyalty owners', () => {
  it('creates a partner with its commission in percent (kept in hundredths), and reads it back', async () => {
    const res = await create({ name: 'Igraonica Mali d.o.o.', oib: uniqueOib(), commissionPercentage: 12.5, email: 'info@mali.test' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      company: '/api/v2/companies/1',
      isOperator: false,
      commissionPercentage: 12.5,
      hasAppKey: false,
      appKeyIssuedAt: null,
      holdersCount: 0,
      cardsCount: 0,
    });
    const [row] = await t.db.select().from(loyaltyOwners).where(eq(loyaltyOwners.id, res.body.id));
    expect(row?.commissionBp).toBe(1250);
    expect((await t.json<LoyaltyOwner>('accountant', { url: res.body['@id'] })).body.name).toBe('Igraonica Mali d.o.o.');
    const patched = await t.json<LoyaltyOwner>('manager', {
      method: 'PATCH',
      url: res.body['@id'],
      headers: mergePatch,
      payload: { isOperator: true, commissionPercentage: 0, phone: '+385 1 234 5678' },
    });
    expect(patched.body).toMatchObject({ isOperator: true, commissionPercentage: 0, phone: '+385 1 234 5678' });
    const operators = await t.json<Collection<LoyaltyOwner>>('manager', { url: `${url}?isOperator=true` });
    expect(operators.body.member.map((o) => o.id)).toContain(res.body.id);
  });

  it('checks the OIB, the percentage, the e-mail and the phone', async () => {
    const bad = await t.json<Violations>('manager', {
      method: 'POST',
      url,
      payload: { name: 'X', oib: '01234567890', commissionPercentage: 100.5, email: 'nope', phone: 'abc' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.violations.map((v) => [v.propertyPath, v.code]).sort()).toEqual([
      ['commissionPercentage', 'percent'],
      ['email', 'email'],
      ['oib', 'oib'],
      ['phone', 'format'],
    ]);
  });

  it('lets managers write, accountants read and workers nothing; another company sees nothing', async () => {
    const owner = (await create({ name: 'Partner d.o.o.', oib: uniqueOib() })).body;
    expect((await t.as('accountant', { method: 'POST', url, payload: { name: 'A', oib: uniqueOib() } })).statusCode).toBe(403);
    expect((await t.as('accountant', { method: 'POST', url: `${owner['@id']}/app-key` })).statusCode).toBe(403);
    expect((await t.as('worker', { url })).statusCode).toBe(403);
    expect((await t.as(null, { method: 'POST', url: `${owner['@id']}/app-key` })).statusCode).toBe(401);
    // The other demo company has no loyalty module; an admin sees every company's owners.
    expect((await t.as('otherManager', { url: owner['@id'] })).statusCode).toBe(403);
    expect((await t.as('admin', { url: owner['@id'] })).statusCode).toBe(200);
  });

  it("issues the card holders' app a key shown once, keeps only its SHA-256, and rotates it", async () => {
    const owner = (await create({ name: 'App d.o.o.', oib: uniqueOib() })).body;
    const first = await t.json<LoyaltyOwnerAppKey>('manager', { method: 'POST', url: `${owner['@id']}/app-key` });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ owner: owner['@id'], name: 'App d.o.o.' });
    expect(first.body.appKey).toMatch(/^kvl_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.db.select().from(loyaltyOwners).where(eq(loyaltyOwners.id, owner.id));
    expect(row?.appKeyHash).toBe(createHash('sha256').update(first.body.appKey).digest('hex'));
    const read = await t.json<LoyaltyOwner & { appKey?: string }>('manager', { url: owner['@id'] });
    expect(read.body).toMatchObject({ hasAppKey: true, appKeyIssuedAt: first.body.appKeyIssuedAt });
    expect(JSON.stringify(read.body)).not.toContain(first.body.appKey);
    const second = await t.json<LoyaltyOwnerAppKey>('manager', { method: 'POST', url: `${owner['@id']}/app-key` });
    expect(second.body.appKey).not.toBe(first.body.appKey);
    const [rotated] = await t.db.select().from(loyaltyOwners).where(eq(loyaltyOwners.id, owner.id));
    expect(rotated?.appKeyHash).toBe(createHash('sha256').update(second.body.appKey).digest('hex'));
    expect((await t.as('manager', { method: 'POST', url: `${url}/999999/app-key` })).statusCode).toBe(404);
  });

  it('refuses to delete an owner whose programme has holders, naming them in both languages', async () => {
    const owner = (await create({ name: 'Busy d.o.o.', oib: uniqueOib() })).body;
    await t.db.insert(cardHolders).values([
      { companyId: 1, ownerId: owner.id, name: 'Ana', surname: 'Anić' },
      { companyId: 1, ownerId: owner.id, name: 'Ivo', surname: 'Ivić' },
    ]);
    const res = await t.json('manager', { method: 'DELETE', url: owner['@id'] });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('This item is still in use: card holders: 2.');
    const hr = await t.json('manager', { method: 'DELETE', url: owner['@id'], headers: { 'accept-language': 'hr' } });
    expect(hr.body.detail).toBe('Ovaj zapis se još koristi: korisnici kartica: 2.');
    expect((await t.json<LoyaltyOwner>('manager', { url: owner['@id'] })).body.holdersCount).toBe(2);
    const free = (await create({ name: 'Free d.o.o.', oib: uniqueOib() })).body;
    expect((await t.as('manager', { method: 'DELETE', url: free['@id'] })).statusCode).toBe(204);
  });
});
