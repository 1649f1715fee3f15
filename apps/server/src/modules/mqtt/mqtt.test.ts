import type { Command, Location, Logger } from '@kovanica/contract';
import { eq, sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { describe, expect, it, onTestFinished } from 'vitest';
import { deviceCommands, deviceDaily, telemetryEvents } from '../../db/schema/index.ts';
import { testApp } from '../../testing/app.ts';
import { createDeviceWithLogger, firstOf, sendEvents } from '../../testing/fixtures.ts';
import { coins, inbox } from './mqtt.testing.ts';
import { loggerTopics } from './mqtt.topics.ts';

// The embedded broker on a free port of 127.0.0.1 (port 0): no test shares it.
const t = await testApp({ mqtt: { port: 0, host: '127.0.0.1' } });
const port = t.app.mqtt?.brokerPort ?? 0;
const home = await firstOf<Location>(t, '/api/v2/locations?name=Riva — caffe');
let clients = 0;

/** A logger's MQTT connection (username its IMEI, password its credential), closed after the test. */
async function connect(imei: string, password: string): Promise<MqttClient> {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
    clientId: `test-${imei}-${clients++}`,
    username: imei,
    password,
    reconnectPeriod: 0,
  });
  onTestFinished(() => client.endAsync(true));
  return client;
}

async function newLogger() {
  const { device, logger } = await createDeviceWithLogger(t, { location: home['@id'] });
  const events = async () =>
    (await t.db.select({ seq: telemetryEvents.seq }).from(telemetryEvents).where(eq(telemetryEvents.deviceId, device.id))).map((e) =>
      Number(e.seq),
    );
  const counted = async () =>
    Number(
      (
        await t.db
          .select({ n: sql<number>`coalesce(sum(${deviceDaily.events}), 0)` })
          .from(deviceDaily)
          .where(eq(deviceDaily.deviceId, device.id))
      )[0]?.n,
    );
  return { device, logger, topics: loggerTopics(logger.imei), events, counted };
}

describe('MQTT loggers, the embedded broker', () => {
  it('takes a batch once, committed before its PUBACK, also published twice and out of order, and answers on acks', async () => {
    const { logger, topics, events, counted } = await newLogger();
    const client = await connect(logger.imei, logger.credential);
    await client.subscribeAsync(topics.acks, { qos: 1 });
    const acks = inbox(client);
    const later = JSON.stringify(coins(logger.imei, 3, 2));
    await client.publishAsync(topics.batches, later, { qos: 1 });
    // The PUBACK came after the commit: the events are there when the logger hears it.
    expect((await events()).sort()).toEqual([3, 4]);
    expect(await acks.next(topics.acks)).toMatchObject({ accepted: 2, duplicates: 0, lastSeq: 4, commands: [] });
    await client.publishAsync(topics.batches, JSON.stringify(coins(logger.imei, 1, 2)), { qos: 1 });
    expect(await acks.next(topics.acks)).toMatchObject({ accepted: 2, lastSeq: 4 });
    await client.publishAsync(topics.batches, later, { qos: 1 });
    expect(await acks.next(topics.acks)).toMatchObject({ accepted: 0, duplicates: 2, duplicateSeqs: [3, 4] });
    expect((await events()).sort()).toEqual([1, 2, 3, 4]);
    expect(await counted()).toBe(4);
  });

  it('keeps on the logger which way its last batch came: MQTT, then HTTP, then MQTT again', async () => {
    const { logger, topics } = await newLogger();
    const transport = async () => (await t.json<Logger>('manager', { url: `/api/v2/loggers/${logger.id}` })).body;
    expect(await transport()).toMatchObject({ lastSeenAt: null, lastTransport: null });
    const client = await connect(logger.imei, logger.credential);
    await client.subscribeAsync(topics.acks, { qos: 1 });
    const acks = inbox(client);
    await client.publishAsync(topics.batches, JSON.stringify(coins(logger.imei, 1, 1)), { qos: 1 });
    expect(await acks.next(topics.acks)).toMatchObject({ accepted: 1 });
    const overMqtt = await transport();
    expect(overMqtt.lastTransport).toBe('mqtt');
    expect(overMqtt.lastSeenAt).not.toBeNull();
    expect(await sendEvents(t, logger, [{ seq: 2, at: new Date().toISOString(), type: 'coin', valueCents: 100 }])).toMatchObject({
      accepted: 1,
    });
    expect((await transport()).lastTransport).toBe('http');
    // A batch the logger sent again counts as its last one too: it called, that way.
    await client.publishAsync(topics.batches, JSON.stringify(coins(logger.imei, 2, 1)), { qos: 1 });
    expect(await acks.next(topics.acks)).toMatchObject({ accepted: 0, duplicates: 1 });
    expect((await transport()).lastTransport).toBe('mqtt');
    // The list says it too.
    const listed = await t.json<{ member: Logger[] }>('manager', { url: `/api/v2/loggers?imei=${logger.imei}` });
    expect(listed.body.member.map((l) => l.lastTransport)).toEqual(['mqtt']);
  });

  it('answers a refused batch with its problem, as HTTP does, and stores nothing of it', async () => {
    const { logger, topics, events } = await newLogger();
    const client = await connect(logger.imei, logger.credential);
    await client.subscribeAsync(topics.acks, { qos: 1 });
    const acks = inbox(client);
    const bad = coins(logger.imei, 1, 2);
    (bad.events[1] as { valueCents: number }).valueCents = -5;
    await client.publishAsync(topics.batches, JSON.stringify(bad), { qos: 1 });
    const problem = await acks.next<{ status: number; violations: { propertyPath: string }[] }>(topics.acks);
    expect(problem.status).toBe(422);
    expect(problem.violations.map((v) => v.propertyPath)).toEqual(['events.1.valueCents']);
    await client.publishAsync(topics.batches, '{not json', { qos: 1 });
    expect(await acks.next(topics.acks)).toMatchObject({ status: 400 });
    await client.publishAsync(topics.batches, JSON.stringify(coins('356938035643809', 1, 1)), { qos: 1 });
    expect(await acks.next(topics.acks)).toMatchObject({ status: 403, type: '/api/v2/problems/imei_mismatch' });
    expect(await events()).toEqual([]);
  });

  it('refuses a wrong password, another logger’s credential and an unknown IMEI', async () => {
    const { logger } = await newLogger();
    const other = await newLogger();
    await expect(connect(logger.imei, 'kvl_wrong')).rejects.toThrow(/Bad username or password/);
    await expect(connect(logger.imei, other.logger.credential)).rejects.toThrow(/Bad username or password/);
    await expect(connect('356938035643809', logger.credential)).rejects.toThrow(/Bad username or password/);
  });

  it('keeps a logger to its own topics: another’s batches close its connection, another’s commands are refused', async () => {
    const mine = await newLogger();
    const theirs = await newLogger();
    const client = await connect(mine.logger.imei, mine.logger.credential);
    expect((await client.subscribeAsync(mine.topics.commands, { qos: 1 })).map((g) => g.qos)).toEqual([1]);
    // A refused subscription is granted 128 (failure): mqtt.js turns it into an error.
    await expect(client.subscribeAsync(theirs.topics.commands, { qos: 1 })).rejects.toThrow(/Subscribe error/);
    await expect(client.subscribeAsync(theirs.topics.acks, { qos: 1 })).rejects.toThrow(/Subscribe error/);
    await expect(client.subscribeAsync('kovanica/loggers/#', { qos: 1 })).rejects.toThrow(/Subscribe error/);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(theirs.topics.batches, JSON.stringify(coins(theirs.logger.imei, 1, 1)), { qos: 1 });
    await closed;
    expect(await theirs.events()).toEqual([]);
  });

  it('sends a command queued for a connected logger at once; the event naming it marks it done', async () => {
    const { device, logger, topics } = await newLogger();
    const client = await connect(logger.imei, logger.credential);
    await client.subscribeAsync([topics.commands, topics.acks], { qos: 1 });
    const heard = inbox(client);
    const sent = await t.json<Command>('manager', {
      method: 'POST',
      url: `/api/v2/devices/${device.id}/commands`,
      payload: { type: 'free_ride', reason: 'A child’s coin got stuck' },
    });
    expect(sent.status).toBe(201);
    const id = Number(sent.body['@id'].split('/').pop());
    expect(await heard.next(topics.commands)).toEqual({ commands: [{ id, type: 'free_ride' }] });
    const statusOf = async () => (await t.db.select().from(deviceCommands).where(eq(deviceCommands.id, id)))[0]?.status;
    expect(await statusOf()).toBe('delivered');
    const done = { imei: logger.imei, events: [{ seq: 1, at: new Date().toISOString(), type: 'free_ride', commandId: id }] };
    await client.publishAsync(topics.batches, JSON.stringify(done), { qos: 1 });
    // Delivered once: the batch's answer carries no command again.
    expect(await heard.next(topics.acks)).toMatchObject({ accepted: 1, commands: [] });
    expect(await statusOf()).toBe('done');
  });
});
