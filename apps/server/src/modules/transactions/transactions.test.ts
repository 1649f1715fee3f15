import { addDays, businessDate, type Collection, type Command, type Device, type Transaction } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { demoCredential } from '../../demo/fleet.ts';
import { mergePatch, testApp } from '../../testing/app.ts';

const t = await testApp();
const device = (await t.json<Collection<Device>>('manager', { url: '/api/v2/devices?name=Vlakić 1' })).body.member[0] as Device;
let seq = 1;
const batch = async (events: Record<string, unknown>[]) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/telemetry/batches',
    headers: { authorization: `Bearer ${demoCredential(device.imei ?? '')}` },
    payload: { imei: device.imei, events: events.map((e) => ({ seq: seq++, ...e })) },
  });
  expect(res.statusCode, res.body).toBe(200);
};
// Two days ago at a Zagreb hour (the offset is +01:00 or +02:00: either way inside 08:00–20:00).
const day = addDays(businessDate(), -2);
const at = (hhmm: string) => new Date(`${day}T${hhmm}:00+01:00`).toISOString();
const listed = async (type: string) =>
  (await t.json<Collection<Transaction>>('manager', { url: `/api/v2/transactions?device=${device.id}&type=${type}&order[at]=asc` })).body
    .member;
const open = { start: '08:00', end: '20:00' };

describe('free rides and resets', () => {
  it('name the command, who asked for it and why; on the device they name nobody', async () => {
    const command = await t.json<Command>('worker', {
      method: 'POST',
      url: `${device['@id']}/commands`,
      payload: { type: 'free_ride', reason: 'Coin stuck, customer paid' },
    });
    await batch([
      { at: at('10:00'), type: 'free_ride', commandId: command.body.id },
      { at: at('15:00'), type: 'free_ride' },
    ]);
    const rides = await listed('free_ride');
    expect(rides.map((r) => [r.command, r.requestedByName, r.reason, r.frequent])).toEqual([
      [command.body['@id'], 'Luka Babić', 'Coin stuck, customer paid', false],
      [null, null, null, false],
    ]);
  });

  it('are flagged as frequent from the third of a kind within an hour, while the location is open', async () => {
    await t.as('manager', {
      method: 'PATCH',
      url: device.location ?? '',
      headers: mergePatch,
      payload: { workingHours: { mon: open, tue: open, wed: open, thu: open, fri: open, sat: open, sun: open } },
    });
    await batch([
      { at: at('11:00'), type: 'reset' },
      { at: at('11:20'), type: 'reset' },
      { at: at('11:40'), type: 'reset' },
      { at: at('11:50'), type: 'reset' },
      { at: at('13:00'), type: 'reset' },
      // At night, when the location is shut, a burst is the service crew's business.
      { at: at('22:00'), type: 'reset' },
      { at: at('22:10'), type: 'reset' },
      { at: at('22:20'), type: 'reset' },
    ]);
    expect((await listed('reset')).map((r) => r.frequent)).toEqual([false, false, true, true, false, false, false, false]);
  });
});
