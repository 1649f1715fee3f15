import type { Collection, PosLocation, PosOwner, PosTerminalKey } from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { posLocations } from '../../db/schema/index.ts';
import { credentialHash } from '../../security/credentials.ts';
import { mergePatch, testApp } from '../../testing/app.ts';
import { uniqueOib } from '../../testing/fixtures.ts';
import { posLocationByTerminalKey } from './pos-locations.service.ts';

const t = await testApp();
type Violations = { violations: { propertyPath: string; code: string }[] };

const owner = (
  await t.json<PosOwner>('manager', { method: 'POST', url: '/api/v2/pos-owners', payload: { name: 'Trafika', oib: uniqueOib() } })
).body;
const body = {
  posOwner: owner['@id'],
  name: 'Trafika Glavni kolodvor',
  address: 'Trg kralja Tomislava 12',
  premisesLabel: 'TGK1',
  isu: '2',
};

describe('pos-locations', () => {
  it("creates one in its owner's company, with the owner's name, and no terminal key yet", async () => {
    const res = await t.json<PosLocation>('manager', { method: 'POST', url: '/api/v2/pos-locations', payload: body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      company: '/api/v2/companies/1',
      posOwner: owner['@id'],
      posOwnerName: 'Trafika',
      premisesLabel: 'TGK1',
      isu: '2',
      active: true,
      terminalKeyIssuedAt: null,
      workersCount: 0,
    });
    const list = await t.json<Collection<PosLocation>>('accountant', { url: `/api/v2/pos-locations?posOwner=${owner.id}&active=true` });
    expect(list.body.member.map((l) => l.name)).toEqual(['Trafika Glavni kolodvor']);
    const off = await t.json<PosLocation>('manager', {
      method: 'PATCH',
      url: res.body['@id'],
      headers: mergePatch,
      payload: { active: false },
    });
    expect(off.body.active).toBe(false);
  });

  it('checks the premises label and the ISU as a device’s, and the owner reference', async () => {
    const bad = await t.json<Violations>('manager', {
      method: 'POST',
      url: '/api/v2/pos-locations',
      payload: { ...body, premisesLabel: 'TG-K 1', isu: '012' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.violations.map((v) => [v.propertyPath, v.code]).sort()).toEqual([
      ['isu', 'format'],
      ['premisesLabel', 'format'],
    ]);
    const missing = await t.json<Violations>('manager', {
      method: 'POST',
      url: '/api/v2/pos-locations',
      payload: { ...body, posOwner: '/api/v2/pos-owners/999999' },
    });
    expect(missing.body.violations[0]).toMatchObject({ propertyPath: 'posOwner', code: 'reference' });
  });

  it('issues the terminal key once, keeps only its hash, and finds the point of sale by it', async () => {
    const location = (
      await t.json<PosLocation>('manager', { method: 'POST', url: '/api/v2/pos-locations', payload: { ...body, name: 'Kiosk 2' } })
    ).body;
    expect((await t.as('accountant', { method: 'POST', url: `${location['@id']}/terminal-key` })).statusCode).toBe(403);
    const first = await t.json<PosTerminalKey>('manager', { method: 'POST', url: `${location['@id']}/terminal-key` });
    expect(first.status).toBe(200);
    expect(first.body.terminalKey).toMatch(/^kvl_[A-Za-z0-9_-]{43}$/);
    const [stored] = await t.db.select().from(posLocations).where(eq(posLocations.id, location.id));
    expect(stored?.terminalKeyHash).toBe(credentialHash(first.body.terminalKey));
    // The item tells when, never the key.
    const item = await t.json<PosLocation>('manager', { url: location['@id'] });
    expect(item.body.terminalKeyIssuedAt).toBe(first.body.terminalKeyIssuedAt);
    expect(JSON.stringify(item.body)).not.toContain(first.body.terminalKey);

    expect(await posLocationByTerminalKey(t.db, first.body.terminalKey)).toEqual({
      id: location.id,
      companyId: 1,
      premisesLabel: 'TGK1',
      isu: '2',
      active: true,
    });
    // Rotation stops the old key at once.
    const second = await t.json<PosTerminalKey>('manager', { method: 'POST', url: `${location['@id']}/terminal-key` });
    expect(second.body.terminalKey).not.toBe(first.body.terminalKey);
    expect(await posLocationByTerminalKey(t.db, first.body.terminalKey)).toBeNull();
    expect((await posLocationByTerminalKey(t.db, second.body.terminalKey))?.id).toBe(location.id);
    expect(await posLocationByTerminalKey(t.db, '')).toBeNull();
    expect((await t.as('manager', { method: 'POST', url: '/api/v2/pos-locations/999999/terminal-key' })).statusCode).toBe(404);
  });

  it('refuses to delete a point of sale with workers', async () => {
    const location = (
      await t.json<PosLocation>('manager', { method: 'POST', url: '/api/v2/pos-locations', payload: { ...body, name: 'Kiosk 3' } })
    ).body;
    const worker = await t.json('manager', {
      method: 'POST',
      url: '/api/v2/pos-workers',
      payload: { posLocation: location['@id'], name: 'Iva', surname: 'Perić', oib: uniqueOib(), pin: '1234' },
    });
    expect(worker.status).toBe(201);
    const refused = await t.json('manager', { method: 'DELETE', url: location['@id'] });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('This item is still in use: POS workers: 1.');
  });
});
