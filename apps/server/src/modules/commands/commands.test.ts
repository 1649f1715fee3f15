import type { Collection, Command, Device } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { seedDemoCommands } from '../../demo/commands.ts';
import { demoCredential } from '../../demo/fleet.ts';
import { testApp } from '../../testing/app.ts';

const t = await testApp();
const device = (await t.json<Collection<Device>>('manager', { url: '/api/v2/devices?name=Boksač 1' })).body.member[0] as Device;
const batch = (events: unknown[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/telemetry/batches',
    headers: { authorization: `Bearer ${demoCredential(device.imei ?? '')}` },
    payload: { imei: device.imei, events },
  });

describe('commands', () => {
  it('a remote free ride goes pending → delivered → done, with who asked and why', async () => {
    const sent = await t.json<Command>('worker', {
      method: 'POST',
      url: `${device['@id']}/commands`,
      payload: { type: 'free_ride', reason: 'Coin stuck, customer paid' },
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ status: 'pending', type: 'free_ride', deviceName: 'Boksač 1', requestedByName: 'Luka Babić' });
    const delivered = await batch([{ seq: 1, at: new Date(Date.now() - 60_000).toISOString(), type: 'heartbeat' }]);
    expect(delivered.json().commands).toEqual([{ id: sent.body.id, type: 'free_ride' }]);
    expect((await t.json<Command>('manager', { url: sent.body['@id'] })).body.status).toBe('delivered');
    await batch([{ seq: 2, at: new Date().toISOString(), type: 'free_ride', commandId: sent.body.id }]);
    const done = await t.json<Collection<Command>>('manager', { url: `/api/v2/commands?device=${device.id}&type=free_ride` });
    expect(done.body.member.map((c) => [c.status, c.reason])).toEqual([['done', 'Coin stuck, customer paid']]);
    expect(done.body.member[0]?.doneAt).not.toBeNull();
  });

  it('needs a reason, a logger, the permission and the company', async () => {
    const noReason = await t.json<{ violations: { propertyPath: string }[] }>('manager', {
      method: 'POST',
      url: `${device['@id']}/commands`,
      payload: { type: 'reset', reason: '' },
    });
    expect(noReason.body.violations[0]?.propertyPath).toBe('reason');
    const bare = await t.json<Device>('manager', {
      method: 'POST',
      url: '/api/v2/devices',
      payload: { name: 'Bez loggera', group: 'other' },
    });
    const noLogger = await t.json<{ violations: { code: string }[] }>('manager', {
      method: 'POST',
      url: `${bare.body['@id']}/commands`,
      payload: { type: 'reset', reason: 'Frozen screen' },
    });
    expect(noLogger.body.violations[0]?.code).toBe('no_logger');
    expect(
      (await t.as('accountant', { method: 'POST', url: `${device['@id']}/commands`, payload: { type: 'reset', reason: 'x' } })).statusCode,
    ).toBe(403);
    expect(
      (await t.as('otherManager', { method: 'POST', url: `${device['@id']}/commands`, payload: { type: 'reset', reason: 'x' } }))
        .statusCode,
    ).toBe(404);
    expect((await t.json<Collection<Command>>('otherManager', { url: '/api/v2/commands' })).body.totalItems).toBe(0);
  });

  it("the demo's commands wait for their loggers: service mode asked for, a reset delivered; written once", async () => {
    expect(await seedDemoCommands(t.db)).toBe(2);
    expect(await seedDemoCommands(t.db)).toBe(0);
    const waiting = (await t.json<Collection<Command>>('manager', { url: '/api/v2/commands?order[requestedAt]=desc' })).body.member.filter(
      (c) => c.requestedByName === 'Luka Babić' && c.status !== 'done',
    );
    expect(waiting.map((c) => [c.deviceName, c.type, c.status, c.deliveredAt !== null])).toEqual([
      ['Masažna fotelja 1', 'service_mode_on', 'pending', false],
      ['Foto kabina 2', 'reset', 'delivered', true],
    ]);
  });
});
