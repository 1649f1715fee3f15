import { describe, expect, it } from 'vitest';
import { devices, locations } from '../../db/schema/index.ts';
import { testApp } from '../../testing/app.ts';

const t = await testApp();

describe('dashboard summary', () => {
  it('counts what the caller’s view holds', async () => {
    const [loc] = await t.db.insert(locations).values({ companyId: 1, name: 'Arena Centar' }).returning();
    await t.db.insert(devices).values([
      { companyId: 1, name: 'Konjić', locationId: loc?.id },
      { companyId: 2, name: 'Dizalica' },
      { companyId: 3, name: 'Boksač' },
    ]);
    const mine = await t.json('manager', { url: '/api/v2/dashboard/summary' });
    expect(mine.body).toMatchObject({ companies: 1, users: 4, activeUsers: 4, locations: 1, devices: 1 });
    const wide = await t.json('manager', { url: '/api/v2/dashboard/summary', headers: { 'x-kovanica-view': 'all' } });
    expect(wide.body).toMatchObject({ companies: 2, users: 4, locations: 1, devices: 2 });
    const admin = await t.json('admin', { url: '/api/v2/dashboard/summary', headers: { 'x-kovanica-view': 'all' } });
    expect(admin.body).toMatchObject({ companies: 3, users: 5, devices: 3 });
    const other = await t.json('otherManager', { url: '/api/v2/dashboard/summary', headers: { 'x-kovanica-view': 'all' } });
    expect(other.body).toMatchObject({ companies: 1, users: 1, locations: 0, devices: 1 });
  });
});
