import type { Collection, Company } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { mergePatch, testApp } from '../../testing/app.ts';

const t = await testApp();
const all = { 'x-kovanica-view': 'all' };
const names = (c: Collection<Company>) => c.member.map((m) => m.name);

describe('companies', () => {
  it('validates the OIB check digit and keeps OIBs unique', async () => {
    const bad = await t.json<{ violations: { propertyPath: string; code: string; message: string }[] }>('admin', {
      method: 'POST',
      url: '/api/v2/companies',
      payload: { name: 'Test d.o.o.', oib: '01234567890', address: 'Ilica 1' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.violations[0]).toMatchObject({ propertyPath: 'oib', code: 'oib' });
    const dup = await t.json<{ violations: { code: string }[] }>('admin', {
      method: 'POST',
      url: '/api/v2/companies',
      payload: { name: 'Test d.o.o.', oib: '98765432198', address: 'Ilica 1' },
    });
    expect(dup.body.violations[0]?.code).toBe('unique');
  });

  it('creates a subsidiary only under a top-level company', async () => {
    const notTop = await t.json<{ violations: { code: string }[] }>('admin', {
      method: 'POST',
      url: '/api/v2/companies',
      payload: { name: 'Sub d.o.o.', oib: '77123450187', address: 'Ilica 2', parent: '/api/v2/companies/3' },
    });
    expect(notTop.body.violations[0]?.code).toBe('parent_not_top');
    const ok = await t.json<Company>('admin', {
      method: 'POST',
      url: '/api/v2/companies',
      payload: { name: 'Sub d.o.o.', oib: '77123450187', address: 'Ilica 2', parent: '/api/v2/companies/1', activeModules: ['devices'] },
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ parent: '/api/v2/companies/1', activeModules: ['devices'], isTopGun: false, sendNotifications: true });
    const self = await t.json<{ violations: { code: string }[] }>('admin', {
      method: 'PATCH',
      url: '/api/v2/companies/1',
      headers: mergePatch,
      payload: { parent: '/api/v2/companies/1' },
    });
    expect(self.body.violations[0]?.code).toBe('self_parent');
  });

  it('follows the view: My Company, or All Companies where allowed', async () => {
    expect(names((await t.json<Collection<Company>>('manager', { url: '/api/v2/companies' })).body)).toEqual(['Zabavni automati d.o.o.']);
    // A top-level manager's wide view is their company and its subsidiaries.
    expect(names((await t.json<Collection<Company>>('manager', { url: '/api/v2/companies', headers: all })).body)).toEqual([
      'Sub d.o.o.',
      'Zabavni automati d.o.o.',
      'Zabavni automati Istra d.o.o.',
    ]);
    // Anyone else asking for the wide view still gets their own company.
    expect(names((await t.json<Collection<Company>>('otherManager', { url: '/api/v2/companies', headers: all })).body)).toEqual([
      'Drugi automati j.d.o.o.',
    ]);
    expect((await t.json<Collection<Company>>('admin', { url: '/api/v2/companies', headers: all })).body.totalItems).toBe(4);
    expect((await t.as('otherManager', { url: '/api/v2/companies/1' })).statusCode).toBe(404);
    expect((await t.as('manager', { url: '/api/v2/companies/2' })).statusCode).toBe(200);
  });

  it('refuses to delete a company others depend on, naming them', async () => {
    const res = await t.json('admin', { method: 'DELETE', url: '/api/v2/companies/3' });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('This item is still in use: users: 1, lessors: 2, locations: 2, loggers: 4, devices: 4, tags: 1.');
    const hr = await t.json('admin', { method: 'DELETE', url: '/api/v2/companies/2', headers: { 'accept-language': 'hr' } });
    expect(hr.status).toBe(409);
    expect(hr.body.detail).toContain('lokacije: 2');
    const sub = (await t.json<Collection<Company>>('admin', { url: '/api/v2/companies?name=Sub', headers: all })).body.member[0];
    expect((await t.as('admin', { method: 'DELETE', url: sub?.['@id'] ?? '' })).statusCode).toBe(204);
  });

  it('will not drop the top-level flag while subsidiaries exist', async () => {
    await t.json('admin', {
      method: 'POST',
      url: '/api/v2/companies',
      payload: { name: 'Sub2', oib: '11111111119', address: 'X 1', parent: '/api/v2/companies/1' },
    });
    const res = await t.json<{ violations: { propertyPath: string }[] }>('admin', {
      method: 'PATCH',
      url: '/api/v2/companies/1',
      headers: mergePatch,
      payload: { isTopGun: false },
    });
    expect(res.status).toBe(422);
    expect(res.body.violations[0]?.propertyPath).toBe('isTopGun');
  });
});
