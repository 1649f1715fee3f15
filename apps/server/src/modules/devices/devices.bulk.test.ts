import {
  type Collection,
  type Command,
  commandEvent,
  type Device,
  type DeviceBulkAnswer,
  type Location,
  type Placement,
  type Tag,
  type TelemetryAnswer,
} from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../testing/app.ts';
import { createDevice, createDeviceWithLogger, sendEvents } from '../../testing/fixtures.ts';

const t = await testApp();
type Problem = { status: number; message: string; violations?: { propertyPath: string; code: string; message: string }[] };
const first = async <T>(user: 'manager' | 'otherManager', url: string) => (await t.json<Collection<T>>(user, { url })).body.member[0] as T;

const riva = await first<Location>('manager', '/api/v2/locations?name=Riva — caffe');
const korzo = await first<Location>('manager', '/api/v2/locations?name=Korzo');
const premium = await first<Tag>('manager', '/api/v2/tags?name=Premium');
const foreignDevice = await first<Device>('otherManager', '/api/v2/devices');

const bulk = (body: object, user: 'manager' | 'worker' | 'accountant' | 'admin' | 'otherManager' = 'manager', lang = 'en') =>
  t.json<DeviceBulkAnswer>(user, { method: 'POST', url: '/api/v2/devices/bulk', payload: body, headers: { 'accept-language': lang } });
const reread = async (device: Device) => (await t.json<Device>('manager', { url: device['@id'] })).body;
const outcome = (answer: DeviceBulkAnswer) => answer.results.map((r) => [r.device, r.ok, 'problem' in r ? r.problem.message : null]);

describe('bulk actions on devices', () => {
  it('tags and untags every device once, and a device already tagged stays as it is', async () => {
    const a = await createDevice(t, { location: riva['@id'] });
    const b = await createDevice(t, { location: riva['@id'], tags: [premium['@id']] });
    const tagged = await bulk({ action: 'tag', devices: [a['@id'], b['@id'], a['@id']], tag: premium['@id'] });
    expect(tagged.status).toBe(200);
    expect(tagged.body).toMatchObject({ done: 2, refused: 0 });
    expect(outcome(tagged.body)).toEqual([
      [a['@id'], true, null],
      [b['@id'], true, null],
    ]);
    expect((await reread(a)).tags).toEqual([premium['@id']]);
    expect((await reread(a)).tagLabels.map((l) => l.name)).toEqual(['Premium']);
    expect((await reread(b)).tags).toEqual([premium['@id']]);
    // The list, cached before, shows the tag at once: the write made it stale.
    const listed = await t.json<Collection<Device>>('manager', { url: `/api/v2/devices?tags=${premium['@id']}&itemsPerPage=200` });
    expect(listed.body.member.map((d) => d['@id'])).toEqual(expect.arrayContaining([a['@id'], b['@id']]));

    const untagged = await bulk({ action: 'untag', devices: [a['@id'], b['@id']], tag: premium['@id'] });
    expect(untagged.body).toMatchObject({ done: 2, refused: 0 });
    expect((await reread(a)).tags).toEqual([]);
    expect((await reread(b)).tags).toEqual([]);
  });

  it('moves devices as the single edit does: the open stay closed, a new one opened, with who moved them', async () => {
    const a = await createDevice(t, { location: riva['@id'] });
    const b = await createDevice(t, {});
    const moved = await bulk({ action: 'move', devices: [a['@id'], b['@id']], location: korzo['@id'] }, 'worker');
    expect(moved.body).toMatchObject({ done: 2, refused: 0 });
    for (const device of [a, b]) expect((await reread(device)).locationName).toBe('Rijeka — Korzo');
    const history = (await t.json<Collection<Placement>>('manager', { url: `${a['@id']}/placements` })).body.member;
    expect(history.map((p) => [p.locationName, p.to === null, p.movedByName])).toEqual([
      ['Rijeka — Korzo', true, 'Luka Babić'],
      ['Riva — caffe bar', false, expect.any(String)],
    ]);
    expect(history[1]?.to).toBe(history[0]?.from);
    const fresh = (await t.json<Collection<Placement>>('manager', { url: `${b['@id']}/placements` })).body.member;
    expect(fresh.map((p) => p.locationName)).toEqual(['Rijeka — Korzo']);

    // Taken away: the stay closes and none opens.
    const away = await bulk({ action: 'move', devices: [a['@id']], location: null });
    expect(away.body.done).toBe(1);
    expect((await reread(a)).location).toBeNull();
    const closed = (await t.json<Collection<Placement>>('manager', { url: `${a['@id']}/placements` })).body.member;
    expect(closed.map((p) => p.to === null)).toEqual([false, false]);
  });

  it('sends a free ride or a reset to each device with the reason; one without a logger is refused, the others done', async () => {
    const { device: a } = await createDeviceWithLogger(t, { location: riva['@id'] });
    const { device: b } = await createDeviceWithLogger(t, { location: riva['@id'] });
    const bare = await createDevice(t, { location: riva['@id'] });
    const sent = await bulk({ action: 'free_ride', devices: [a['@id'], bare['@id'], b['@id']], reason: 'Coins stuck after the storm' });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ done: 2, refused: 1 });
    expect(outcome(sent.body)).toEqual([
      [a['@id'], true, null],
      [bare['@id'], false, 'This device has no logger to send the command to.'],
      [b['@id'], true, null],
    ]);
    for (const device of [a, b]) {
      const commands = (await t.json<Collection<Command>>('manager', { url: `/api/v2/commands?device=${device.id}` })).body.member;
      expect(commands.map((c) => [c.type, c.reason, c.status, c.requestedByName])).toEqual([
        ['free_ride', 'Coins stuck after the storm', 'pending', 'Marko Horvat'],
      ]);
    }
    expect((await t.json<Collection<Command>>('manager', { url: `/api/v2/commands?device=${bare.id}` })).body.totalItems).toBe(0);

    const reset = await bulk({ action: 'reset', devices: [a['@id']], reason: 'Frozen screen' }, 'worker', 'hr');
    expect(reset.body.done).toBe(1);
    const resets = (await t.json<Collection<Command>>('manager', { url: `/api/v2/commands?device=${a.id}&type=reset` })).body.member;
    expect(resets.map((c) => c.reason)).toEqual(['Frozen screen']);
  });

  it('turns service mode on and off through each logger: the command is done when the logger reports the switch naming it', async () => {
    const { device: a, logger: la } = await createDeviceWithLogger(t, { location: riva['@id'] });
    const { device: b, logger: lb } = await createDeviceWithLogger(t, { location: riva['@id'] });
    const on = await bulk({ action: 'service_mode', devices: [a['@id'], b['@id']], on: true, reason: 'Annual inspection' }, 'worker');
    expect(on.body).toMatchObject({ done: 2, refused: 0 });
    const waiting = (await t.json<Collection<Command>>('manager', { url: `/api/v2/commands?device=${a.id}` })).body.member;
    expect(waiting.map((c) => [c.type, c.reason, c.status, c.requestedByName])).toEqual([
      ['service_mode_on', 'Annual inspection', 'pending', 'Luka Babić'],
    ]);
    expect((await reread(a)).state.serviceMode).toBe(false);

    // Each logger gets its command with its next report, and carries it out as the contract says.
    let seq = 1;
    for (const logger of [la, lb]) {
      const answer = await sendEvents(t, logger, [{ seq: seq++, at: new Date().toISOString(), type: 'heartbeat' }]);
      expect(answer.commands.map((c) => c.type)).toEqual(['service_mode_on']);
      const [command] = answer.commands;
      expect(commandEvent(command as TelemetryAnswer['commands'][number])).toEqual({
        type: 'service_mode',
        on: true,
        commandId: command?.id,
      });
      await sendEvents(t, logger, [
        { seq: seq++, at: new Date().toISOString(), ...commandEvent(command as TelemetryAnswer['commands'][number]) },
      ]);
    }
    for (const device of [a, b]) {
      expect((await reread(device)).state.serviceMode).toBe(true);
      const done = (await t.json<Collection<Command>>('manager', { url: `/api/v2/commands?device=${device.id}` })).body.member;
      expect(done.map((c) => [c.type, c.status])).toEqual([['service_mode_on', 'done']]);
    }

    // Off again, for one of them; an accountant may not.
    expect(
      (
        await t.as('accountant', {
          method: 'POST',
          url: '/api/v2/devices/bulk',
          payload: { action: 'service_mode', devices: [a['@id']], on: false, reason: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    const off = await bulk({ action: 'service_mode', devices: [a['@id']], on: false, reason: 'Inspection over' });
    expect(off.body.done).toBe(1);
    const [offCommand] = (await sendEvents(t, la, [{ seq: seq++, at: new Date().toISOString(), type: 'heartbeat' }])).commands;
    expect(offCommand?.type).toBe('service_mode_off');
    await sendEvents(t, la, [
      { seq: seq++, at: new Date().toISOString(), ...commandEvent(offCommand as TelemetryAnswer['commands'][number]) },
    ]);
    expect((await reread(a)).state.serviceMode).toBe(false);
    expect((await reread(b)).state.serviceMode).toBe(true);
    const history = (await t.json<Collection<Command>>('manager', { url: `/api/v2/commands?device=${a.id}&order[requestedAt]=desc` })).body
      .member;
    expect(history.map((c) => [c.type, c.status])).toEqual([
      ['service_mode_off', 'done'],
      ['service_mode_on', 'done'],
    ]);
  });

  it("refuses another company's device as not found, in the caller's language, and does the rest", async () => {
    const own = await createDevice(t, { location: riva['@id'] });
    const res = await bulk(
      { action: 'tag', devices: [foreignDevice['@id'], own['@id'], '/api/v2/devices/999999'], tag: premium['@id'] },
      'manager',
      'hr',
    );
    expect(res.body).toMatchObject({ done: 1, refused: 2 });
    expect(outcome(res.body)).toEqual([
      [foreignDevice['@id'], false, 'Nije pronađeno.'],
      [own['@id'], true, null],
      ['/api/v2/devices/999999', false, 'Nije pronađeno.'],
    ]);
    expect(res.body.results[0]).toMatchObject({ ok: false, problem: { status: 404, type: '/api/v2/problems/not_found' } });
    // Untouched: the other company's device carries no tag of ours.
    expect((await t.json<Device>('otherManager', { url: foreignDevice['@id'] })).body.tags).toEqual(foreignDevice.tags);
  });

  it('refuses roles without the action’s permission (403) and changes nothing', async () => {
    const device = await createDevice(t, { location: riva['@id'] });
    for (const body of [
      { action: 'tag', devices: [device['@id']], tag: premium['@id'] },
      { action: 'reset', devices: [device['@id']], reason: 'x' },
    ]) {
      const res = await t.json<Problem>('accountant', { method: 'POST', url: '/api/v2/devices/bulk', payload: body });
      expect(res.status).toBe(403);
    }
    expect((await reread(device)).tags).toEqual([]);
  });

  it('refuses malformed bodies with 400/422 in English and Croatian, and changes nothing', async () => {
    const device = await createDevice(t, { location: riva['@id'] });
    const noReason = await bulk({ action: 'free_ride', devices: [device['@id']] });
    expect(noReason.status).toBe(422);
    expect((noReason.body as unknown as Problem).violations?.map((v) => v.propertyPath)).toEqual(['reason']);
    const empty = await bulk({ action: 'tag', devices: [], tag: premium['@id'] }, 'manager', 'hr');
    expect(empty.status).toBe(422);
    const emptyProblem = empty.body as unknown as Problem;
    expect(emptyProblem.violations?.[0]?.propertyPath).toBe('devices');
    expect(emptyProblem.message).toMatch(/[čćšžđ]|najmanje|barem/i);
    const tooMany = await bulk({
      action: 'tag',
      devices: Array.from({ length: 201 }, (_, i) => `/api/v2/devices/${i + 1}`),
      tag: premium['@id'],
    });
    expect(tooMany.status).toBe(422);
    const unknownAction = await bulk({ action: 'paint', devices: [device['@id']] });
    expect(unknownAction.status).toBe(422);
    const extra = await bulk({ action: 'tag', devices: [device['@id']], tag: premium['@id'], location: korzo['@id'] });
    expect(extra.status).toBe(400);
    const notATag = await bulk({ action: 'tag', devices: [device['@id']], tag: '/api/v2/locations/1' }, 'manager', 'hr');
    expect(notATag.status).toBe(422);
    // A tag the caller cannot see: refused for the whole request, before any device.
    const foreignTag = await first<Tag>('otherManager', '/api/v2/tags');
    const hidden = await bulk({ action: 'tag', devices: [device['@id']], tag: foreignTag['@id'] });
    expect(hidden.status).toBe(422);
    expect((hidden.body as unknown as Problem).violations?.map((v) => [v.propertyPath, v.code])).toEqual([['tag', 'reference']]);
    expect((await reread(device)).tags).toEqual([]);
    expect((await reread(device)).locationName).toBe('Riva — caffe bar');
  });
});
