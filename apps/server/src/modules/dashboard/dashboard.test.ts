import { describe, expect, it } from 'vitest';
import { testApp } from '../../testing/app.ts';

const t = await testApp();

describe('dashboard summary', () => {
  it('counts what the caller’s view holds (the demo fleet)', async () => {
    const mine = await t.json('manager', { url: '/api/v2/dashboard/summary' });
    expect(mine.body).toMatchObject({ companies: 1, users: 4, activeUsers: 4, locations: 20, devices: 60 });
    const wide = await t.json('manager', { url: '/api/v2/dashboard/summary', headers: { 'x-kovanica-view': 'all' } });
    expect(wide.body).toMatchObject({ companies: 2, users: 4, locations: 22, devices: 65 });
    const admin = await t.json('admin', { url: '/api/v2/dashboard/summary', headers: { 'x-kovanica-view': 'all' } });
    expect(admin.body).toMatchObject({ companies: 3, users: 5, locations: 24, devices: 69 });
    const other = await t.json('otherManager', { url: '/api/v2/dashboard/summary', headers: { 'x-kovanica-view': 'all' } });
    expect(other.body).toMatchObject({ companies: 1, users: 1, locations: 2, devices: 4 });
  });
});
