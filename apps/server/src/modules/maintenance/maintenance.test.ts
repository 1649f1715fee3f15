import { type Collection, type Device, iri, type Maintenance } from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/index.ts';
import { mergePatch, testApp } from '../../testing/app.ts';
import { createDeviceWithLogger, createMaintenance, sendEvents } from '../../testing/fixtures.ts';

const t = await testApp();
const [first, second] = (await t.json<Collection<Device>>('manager', { url: '/api/v2/devices?group=vending&itemsPerPage=2' })).body
  .member as [Device, Device];

describe('maintenance', () => {
  it('records work per device, with its cost and who did it, listed per device and over a date range', async () => {
    const repair = await t.json<Maintenance>('worker', {
      method: 'POST',
      url: '/api/v2/maintenance',
      payload: { device: first['@id'], date: '2026-11-02', type: 'repair', description: 'Coin validator replaced', costCents: 8_500 },
    });
    expect(repair.status).toBe(201);
    expect(repair.body).toMatchObject({ deviceName: first.name, costCents: 8_500, performedByName: 'Luka Babić' });
    await t.json('manager', {
      method: 'POST',
      url: '/api/v2/maintenance',
      payload: { device: second['@id'], date: '2026-10-15', type: 'cleaning', description: 'Glass and buttons' },
    });
    const perDevice = await t.json<Collection<Maintenance>>('manager', { url: `/api/v2/maintenance?device=${first.id}` });
    expect(perDevice.body.member.map((m) => m.description)).toEqual(['Coin validator replaced']);
    const november = await t.json<Collection<Maintenance>>('accountant', {
      url: '/api/v2/maintenance?date[after]=2026-11-01&date[before]=2026-11-30',
    });
    expect(november.body.totalItems).toBe(1);
    const patched = await t.json<Maintenance>('worker', {
      method: 'PATCH',
      url: repair.body['@id'],
      headers: mergePatch,
      payload: { costCents: 9_000 },
    });
    expect(patched.body.costCents).toBe(9_000);
  });

  it('keeps records inside the company and validates them', async () => {
    const bad = await t.json<{ violations: { propertyPath: string }[] }>('manager', {
      method: 'POST',
      url: '/api/v2/maintenance',
      payload: { device: first['@id'], date: '2026-13-01', type: 'repair', description: '', costCents: -5 },
    });
    expect(bad.body.violations.map((v) => v.propertyPath).sort()).toEqual(['costCents', 'date', 'description']);
    const foreign = await t.json<{ violations: { code: string }[] }>('otherManager', {
      method: 'POST',
      url: '/api/v2/maintenance',
      payload: { device: first['@id'], date: '2026-11-02', type: 'repair', description: 'x' },
    });
    expect(foreign.body.violations[0]?.code).toBe('reference');
    expect((await t.json<Collection<Maintenance>>('otherManager', { url: '/api/v2/maintenance' })).body.totalItems).toBe(0);
    expect((await t.as('accountant', { method: 'POST', url: '/api/v2/maintenance', payload: {} })).statusCode).toBe(403);
  });

  it('a device with maintenance or telemetry keeps its history: its delete is refused, naming them', async () => {
    const { device, logger } = await createDeviceWithLogger(t);
    await createMaintenance(t, { device: device['@id'] });
    await sendEvents(t, logger, [{ seq: 1, at: new Date().toISOString(), type: 'coin', valueCents: 100 }]);
    const res = await t.json('manager', { method: 'DELETE', url: device['@id'] });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('This item is still in use: telemetry events: 1, maintenance records: 1.');
  });

  it("needs the company's devices.maintenance component as well as the devices module", async () => {
    const [drugi] = await t.db.select({ id: companies.id }).from(companies).where(eq(companies.name, 'Drugi automati j.d.o.o.'));
    const components = (list: string[]) =>
      t.as('admin', {
        method: 'PATCH',
        url: iri('companies', drugi?.id ?? 0),
        headers: mergePatch,
        payload: { activeModuleComponents: list },
      });
    expect((await components(['devices.map'])).statusCode).toBe(200);
    const off = await t.json<{ message: string }>('otherManager', { url: '/api/v2/maintenance' });
    expect(off.status).toBe(403);
    expect(off.body.message).toBe('The module "devices.maintenance" is not active for your company.');
    expect((await components(['devices.map', 'devices.maintenance'])).statusCode).toBe(200);
    expect((await t.as('otherManager', { url: '/api/v2/maintenance' })).statusCode).toBe(200);
  });
});
