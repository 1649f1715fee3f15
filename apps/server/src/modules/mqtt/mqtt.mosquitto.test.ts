import type { Location } from '@kovanica/contract';
import { eq, sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { deviceDaily, telemetryEvents } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../testing/app.ts';
import { createDeviceWithLogger, firstOf, uniqueImei } from '../../testing/fixtures.ts';
import { mosquittoMissing, startMosquitto } from '../../testing/mosquitto.ts';
import { coins, inbox } from './mqtt.testing.ts';
import { loggerTopics } from './mqtt.topics.ts';

// In CI a missing Mosquitto fails here (mosquittoMissing throws); elsewhere the file is skipped, saying why.
const missing = mosquittoMissing();
if (missing) console.warn(`MQTT through Mosquitto skipped: ${missing}`);

// The loggers' accounts on the broker are the broker's business (its password file and ACL); Kovanica
// knows a logger by the IMEI of its topic.
const imei = uniqueImei();
const other = uniqueImei();
const broker = missing
  ? null
  : await startMosquitto({ kovanica: 'server-secret', [imei]: 'logger-secret', [other]: 'other-secret' }, 'kovanica');
afterAll(() => broker?.stop());

/** A logger (its device at a demo location) with the given IMEI, and what the tests read of it. */
async function fitted(t: TestApp, withImei: string) {
  const home = await firstOf<Location>(t, '/api/v2/locations?name=Riva — caffe');
  const { device } = await createDeviceWithLogger(t, { location: home['@id'] });
  const patched = await t.as('manager', {
    method: 'PATCH',
    url: device.logger as string,
    payload: { imei: withImei },
    headers: { 'content-type': 'application/merge-patch+json' },
  });
  expect(patched.statusCode).toBe(200);
  const seqs = async () =>
    (await t.db.select({ seq: telemetryEvents.seq }).from(telemetryEvents).where(eq(telemetryEvents.deviceId, device.id)))
      .map((e) => Number(e.seq))
      .sort((a, b) => a - b);
  const counted = async () =>
    Number(
      (
        await t.db
          .select({ n: sql<number>`coalesce(sum(${deviceDaily.events}), 0)` })
          .from(deviceDaily)
          .where(eq(deviceDaily.deviceId, device.id))
      )[0]?.n,
    );
  return { seqs, counted };
}

/** A logger's connection: QoS 1, a persistent session (clean off), reconnecting on its own. */
const connect = (user: string, password: string) =>
  mqtt.connectAsync(`mqtt://127.0.0.1:${broker?.port}`, {
    clientId: `logger-${user}`,
    username: user,
    password,
    clean: false,
    reconnectPeriod: 200,
  });

describe.skipIf(missing)('MQTT loggers through a real Mosquitto (MQTT_URL)', () => {
  it('takes a batch once in the shared subscription and answers on acks; the broker keeps a logger to its own topics', {
    timeout: 90_000,
  }, async () => {
    const t = await testApp({ mqtt: { url: broker?.url('kovanica'), clientId: `kovanica-shared-${process.pid}` } });
    await t.app.mqtt?.ready;
    const mine = await fitted(t, imei);
    const theirs = await fitted(t, other);
    const topics = loggerTopics(imei);
    const client = await connect(imei, 'logger-secret');
    try {
      await client.subscribeAsync(topics.acks, { qos: 1 });
      const acks = inbox(client);
      const batch = JSON.stringify(coins(imei, 1, 3));
      await client.publishAsync(topics.batches, batch, { qos: 1 });
      expect(await acks.next(topics.acks)).toMatchObject({ accepted: 3, lastSeq: 3 });
      await client.publishAsync(topics.batches, batch, { qos: 1 });
      expect(await acks.next(topics.acks)).toMatchObject({ accepted: 0, duplicates: 3 });
      expect(await mine.seqs()).toEqual([1, 2, 3]);
      // Mosquitto's ACL (`pattern readwrite kovanica/loggers/%u/#`) drops a batch on another logger's
      // topic; the server takes this logger's next batch, so the other's had come first if it passed.
      await client.publishAsync(loggerTopics(other).batches, JSON.stringify(coins(other, 1, 1)), { qos: 1 });
      await client.publishAsync(topics.batches, JSON.stringify(coins(imei, 4, 1)), { qos: 1 });
      expect(await acks.next(topics.acks)).toMatchObject({ accepted: 1, lastSeq: 4 });
      expect(await theirs.seqs()).toEqual([]);
    } finally {
      await client.endAsync();
    }
    await expect(connect(imei, 'wrong')).rejects.toThrow(/Bad username or password|Not authorized/);
    // Its session on the broker stays (a week), so the next test's server takes the batches alone.
    await t.app.mqtt?.close();
  });

  it('loses nothing acknowledged and stores nothing twice when Mosquitto restarts mid-stream', { timeout: 90_000 }, async () => {
    // A plain subscription: Mosquitto 2.0.11 drops what comes for a shared one between its restart and the server's return (decision 0057).
    const t = await testApp({ mqtt: { url: broker?.url('kovanica'), clientId: `kovanica-plain-${process.pid}`, sharedGroup: null } });
    await t.app.mqtt?.ready;
    const { seqs, counted } = await fitted(t, imei);
    const client = await connect(imei, 'logger-secret');
    try {
      const published: Promise<unknown>[] = [];
      // 20 batches of 5 events, seqs 101…200; Mosquitto stops and starts again after the 8th.
      for (let i = 0; i < 20; i++) {
        published.push(client.publishAsync(loggerTopics(imei).batches, JSON.stringify(coins(imei, 101 + i * 5, 5)), { qos: 1 }));
        if (i === 7) {
          await Promise.all(published);
          await broker?.restart();
        }
      }
      // Every batch acknowledged by the broker (the logger's QoS 1 sends the rest again after the restart).
      await Promise.all(published);
      const until = Date.now() + 20_000;
      while ((await seqs()).length < 100 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await seqs()).toEqual(Array.from({ length: 100 }, (_, i) => 101 + i));
      // Each counted once in the rollup.
      expect(await counted()).toBe(100);
    } finally {
      await client.endAsync();
    }
  });
});
