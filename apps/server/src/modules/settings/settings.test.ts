import { describe, expect, it } from 'vitest';
import { mergePatch, testApp } from '../../testing/app.ts';

const t = await testApp();

describe('settings', () => {
  it('starts with the default update banner, readable by every role', async () => {
    for (const user of ['admin', 'manager', 'accountant', 'worker'] as const) {
      const res = await t.json(user, { url: '/api/v2/settings' });
      // No map tiles in tests (nothing outside is reachable): the maps show their outline alone.
      expect(res.body).toEqual({
        '@id': '/api/v2/settings',
        '@type': 'Settings',
        updateBannerEnabled: true,
        updateBannerText: null,
        mapTiles: null,
      });
    }
  });

  it('lets an admin set, clear and switch off the banner; nobody else', async () => {
    const set = await t.json('admin', {
      method: 'PATCH',
      url: '/api/v2/settings',
      headers: mergePatch,
      payload: { updateBannerText: 'Maintenance tonight 22:00.' },
    });
    expect(set.body.updateBannerText).toBe('Maintenance tonight 22:00.');
    expect((await t.json('worker', { url: '/api/v2/settings' })).body.updateBannerText).toBe('Maintenance tonight 22:00.');
    const off = await t.json('admin', {
      method: 'PATCH',
      url: '/api/v2/settings',
      headers: mergePatch,
      payload: { updateBannerEnabled: false, updateBannerText: null },
    });
    expect(off.body).toMatchObject({ updateBannerEnabled: false, updateBannerText: null });
    expect(
      (await t.as('manager', { method: 'PATCH', url: '/api/v2/settings', headers: mergePatch, payload: { updateBannerEnabled: true } }))
        .statusCode,
    ).toBe(403);
    expect((await t.json('admin', { url: '/api/v2/settings' })).body.updateBannerEnabled).toBe(false);
    // Back to the default, which the other test reads.
    await t.as('admin', { method: 'PATCH', url: '/api/v2/settings', headers: mergePatch, payload: { updateBannerEnabled: true } });
  });

  it('records every change in the audit trail: who, from where, the fields before and after; a save that changes nothing adds no row', async () => {
    const trail = async () =>
      (await t.json('admin', { url: '/api/v2/audit-log?resource=settings&order[id]=asc', headers: { 'x-kovanica-view': 'all' } })).body
        .member as { action: string; actor: string; company: string | null; recordId: number; before: unknown; after: unknown }[];
    const already = (await trail()).length;
    expect(already).toBeGreaterThan(0); // the previous test's three saves
    await t.json('admin', {
      method: 'PATCH',
      url: '/api/v2/settings',
      headers: mergePatch,
      payload: { updateBannerText: 'Nova verzija.' },
    });
    await t.json('admin', {
      method: 'PATCH',
      url: '/api/v2/settings',
      headers: mergePatch,
      payload: { updateBannerText: 'Nova verzija.' },
    });
    const rows = await trail();
    expect(rows).toHaveLength(already + 1);
    expect(rows.at(-1)).toMatchObject({
      action: 'update',
      actor: 'admin@kovanica.test',
      company: null,
      recordId: 1,
      before: { updateBannerText: null },
      after: { updateBannerText: 'Nova verzija.' },
    });
    await t.as('admin', { method: 'PATCH', url: '/api/v2/settings', headers: mergePatch, payload: { updateBannerText: null } });
  });
});
