import type { CardHolder, Collection, LoyaltyOwner } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { mergePatch, testApp } from '../../testing/app.ts';
import { uniqueOib } from '../../testing/fixtures.ts';

const t = await testApp();
type Violations = { violations: { propertyPath: string; code: string }[] };
const url = '/api/v2/card-holders';
const owner = (
  await t.json<LoyaltyOwner>('manager', {
    method: 'POST',
    url: '/api/v2/loyalty-owners',
    payload: { name: 'Holders d.o.o.', oib: uniqueOib() },
  })
).body;

describe('card holders', () => {
  it('creates a holder in an owner programme, with the consent given, and reads it back', async () => {
    const res = await t.json<CardHolder>('manager', {
      method: 'POST',
      url,
      payload: {
        owner: owner['@id'],
        name: 'Marija',
        surname: 'Horvat',
        email: 'marija@example.test',
        phone: '+385 98 123 456',
        consentAt: '2026-03-01T10:00:00+01:00',
        consentVersion: 'v2',
        note: 'Prefers e-mail.',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      company: '/api/v2/companies/1',
      owner: owner['@id'],
      ownerName: 'Holders d.o.o.',
      consentAt: '2026-03-01T09:00:00.000Z',
      consentVersion: 'v2',
      cardsCount: 0,
    });
    expect((await t.json<CardHolder>('accountant', { url: res.body['@id'] })).body.surname).toBe('Horvat');
    expect((await t.as('accountant', { method: 'DELETE', url: res.body['@id'] })).statusCode).toBe(403);
    expect((await t.as('worker', { url })).statusCode).toBe(403);
    const list = await t.json<Collection<CardHolder>>('manager', { url: `${url}?owner=${encodeURIComponent(owner['@id'])}&surname=horv` });
    expect(list.body.member.map((h) => h.id)).toEqual([res.body.id]);
    const patched = await t.json<CardHolder>('manager', {
      method: 'PATCH',
      url: res.body['@id'],
      headers: mergePatch,
      payload: { consentAt: null, consentVersion: null, note: null },
    });
    expect(patched.body).toMatchObject({ consentAt: null, consentVersion: null, note: null });
    expect((await t.as('manager', { method: 'DELETE', url: res.body['@id'] })).statusCode).toBe(204);
  });

  it('needs a reachable owner and checks the contact data and the consent date', async () => {
    const bad = await t.json<Violations>('manager', {
      method: 'POST',
      url,
      payload: { owner: '/api/v2/loyalty-owners/999999', name: 'A', surname: ' ', email: 'x', consentAt: 'yesterday' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.violations.map((v) => [v.propertyPath, v.code]).sort()).toEqual([
      ['consentAt', 'date'],
      ['email', 'email'],
      ['surname', 'required'],
    ]);
    const missing = await t.json<Violations>('manager', {
      method: 'POST',
      url,
      payload: { owner: '/api/v2/loyalty-owners/999999', name: 'A', surname: 'B' },
    });
    expect(missing.body.violations[0]).toMatchObject({ propertyPath: 'owner', code: 'reference' });
    const future = await t.json<Violations>('manager', {
      method: 'POST',
      url,
      payload: { owner: owner['@id'], name: 'A', surname: 'B', consentAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(future.body.violations[0]).toMatchObject({ propertyPath: 'consentAt', code: 'in_future' });
  });
});
