import type { Collection, PosLocation, PosOwner } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { mergePatch, testApp } from '../../testing/app.ts';
import { uniqueOib } from '../../testing/fixtures.ts';

const t = await testApp();
type Violations = { violations: { propertyPath: string; code: string }[] };

describe('pos-owners', () => {
  it('creates one, reads it back, and keeps it to its company and roles', async () => {
    const res = await t.json<PosOwner>('manager', {
      method: 'POST',
      url: '/api/v2/pos-owners',
      payload: {
        name: 'Trafika Centar d.o.o.',
        oib: '69435151530',
        email: 'info@trafika.test',
        phone: '+385 1 234 5678',
        address: 'Ilica 1',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ company: '/api/v2/companies/1', email: 'info@trafika.test', locationsCount: 0 });
    expect((await t.json<PosOwner>('accountant', { url: res.body['@id'] })).body.name).toBe('Trafika Centar d.o.o.');
    expect(
      (await t.as('accountant', { method: 'POST', url: '/api/v2/pos-owners', payload: { name: 'X', oib: uniqueOib() } })).statusCode,
    ).toBe(403);
    // The worker has no loyalty permissions; the other company has no loyalty module.
    expect((await t.as('worker', { url: '/api/v2/pos-owners' })).statusCode).toBe(403);
    expect((await t.as('otherManager', { url: res.body['@id'] })).statusCode).toBe(403);
    const patched = await t.json<PosOwner>('manager', {
      method: 'PATCH',
      url: res.body['@id'],
      headers: mergePatch,
      payload: { phone: null, address: 'Ilica 2' },
    });
    expect(patched.body).toMatchObject({ phone: null, address: 'Ilica 2' });
    const list = await t.json<Collection<PosOwner>>('manager', { url: '/api/v2/pos-owners?name=trafika' });
    expect(list.body.member.map((o) => o.name)).toContain('Trafika Centar d.o.o.');
  });

  it('checks the OIB and the e-mail', async () => {
    const bad = await t.json<Violations>('manager', {
      method: 'POST',
      url: '/api/v2/pos-owners',
      payload: { name: 'Kiosk', oib: '01234567890', email: 'not-an-email' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.violations.map((v) => [v.propertyPath, v.code]).sort()).toEqual([
      ['email', 'email'],
      ['oib', 'oib'],
    ]);
  });

  it('refuses to delete an owner with points of sale, naming them', async () => {
    const owner = await t.json<PosOwner>('manager', {
      method: 'POST',
      url: '/api/v2/pos-owners',
      payload: { name: 'Kiosk Jug', oib: uniqueOib() },
    });
    const location = await t.json<PosLocation>('manager', {
      method: 'POST',
      url: '/api/v2/pos-locations',
      payload: { posOwner: owner.body['@id'], name: 'Kiosk Jug 1', premisesLabel: 'KJ1', isu: '1' },
    });
    expect(location.status).toBe(201);
    const refused = await t.json('manager', { method: 'DELETE', url: owner.body['@id'] });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('This item is still in use: points of sale: 1.');
    expect((await t.as('manager', { method: 'DELETE', url: location.body['@id'] })).statusCode).toBe(204);
    expect((await t.as('manager', { method: 'DELETE', url: owner.body['@id'] })).statusCode).toBe(204);
  });
});
