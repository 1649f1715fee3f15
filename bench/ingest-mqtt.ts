/**
 * `npm run bench -- ingest --via mqtt [--db pglite|postgres] [--duration 10] [--inflight 4] [--batch 500]`:
 * sustained telemetry events/s published to the server's embedded MQTT broker (decision 0057) and,
 * in the same run on the same server, posted over HTTP (in alternating turns), and their ratio. The same batches
 * (`batchOf`), the demo fleet's 60 loggers, each with one batch in flight at a time (as a logger
 * sends), `inflight` loggers at once. Over MQTT a batch is done when its answer arrives on the
 * logger's `acks` topic (after its PUBACK, which leaves once the batch is committed). No fiscalization.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { demoCredential, demoImei } from '../apps/server/src/demo/fleet.ts';
import { loggerTopics } from '../apps/server/src/modules/mqtt/mqtt.topics.ts';
import { batchOf } from './ingest-batches.ts';
import { benchDatabase, here, poster, serve, stop } from './support.ts';

const FLEET = 60;

interface Logger {
  imei: string;
  seq: number;
  busy: boolean;
  client?: MqttClient;
  /** The answer awaited on its acks topic. */
  answered?: (answer: { accepted?: number; status?: number }) => void;
}

/** Runs `send` from `inflight` workers for `ms`, each taking the next logger not busy; events accepted per second. */
async function drive(loggers: Logger[], inflight: number, ms: number, send: (logger: Logger) => Promise<number>) {
  let next = 0;
  let accepted = 0;
  const until = performance.now() + ms;
  const worker = async () => {
    while (performance.now() < until) {
      let logger = loggers[next++ % FLEET];
      while (logger?.busy) logger = loggers[next++ % FLEET];
      if (!logger) return;
      logger.busy = true;
      accepted += await send(logger);
      logger.busy = false;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: inflight }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { events: accepted, seconds, rate: accepted / seconds };
}

export async function mqttBench(values: { db?: string; duration?: string; inflight?: string; batch?: string }) {
  const duration = Number(values.duration ?? 10) * 1000;
  const inflight = Number(values.inflight ?? 4);
  const size = Number(values.batch ?? 500);
  const db = values.db ?? 'pglite';
  const { dbArg, dropDb } = await benchDatabase(db);
  const loggers: Logger[] = Array.from({ length: FLEET }, (_, i) => ({ imei: demoImei(i + 1), seq: 1, busy: false }));
  const server = await serve('app', dbArg, 'nofiscal', 'mqtt');
  try {
    if (!server.mqttPort) throw new Error('the bench server runs no MQTT broker');
    for (const logger of loggers) {
      const topics = loggerTopics(logger.imei);
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${server.mqttPort}`, {
        clientId: `bench-${logger.imei}`,
        username: logger.imei,
        password: demoCredential(logger.imei),
      });
      client.on('message', (_topic, payload) => logger.answered?.(JSON.parse(payload.toString('utf8'))));
      await client.subscribeAsync(topics.acks, { qos: 1 });
      logger.client = client;
    }
    const viaMqtt = async (logger: Logger) => {
      const answer = new Promise<{ accepted?: number; status?: number }>((resolve) => {
        logger.answered = resolve;
      });
      await logger.client?.publishAsync(loggerTopics(logger.imei).batches, JSON.stringify(batchOf(logger, size, Date.now())), { qos: 1 });
      const { accepted, status } = await answer;
      if (accepted === undefined) throw new Error(`batch refused over MQTT: ${status}`);
      return accepted;
    };
    const sender = poster(inflight);
    const url = `http://127.0.0.1:${server.port}/api/v2/telemetry/batches`;
    const viaHttp = async (logger: Logger) => {
      const res = await sender.post(
        url,
        { authorization: `Bearer ${demoCredential(logger.imei)}` },
        JSON.stringify(batchOf(logger, size, Date.now())),
      );
      if (res.status !== 200) throw new Error(`batch refused over HTTP: ${res.status} ${res.text}`);
      return (res.json as { accepted: number }).accepted;
    };
    // Warm-ups (JIT, pools, each device's first rollup rows), then the two measured in turns (three of
    // each, alternating), so a change in the machine's load falls on both alike.
    await drive(loggers, inflight, 2000, viaHttp);
    await drive(loggers, inflight, 2000, viaMqtt);
    const sum = { http: { events: 0, seconds: 0 }, mqtt: { events: 0, seconds: 0 } };
    for (let turn = 0; turn < 3; turn++) {
      for (const [key, send] of [
        ['http', viaHttp],
        ['mqtt', viaMqtt],
      ] as const) {
        const run = await drive(loggers, inflight, duration / 3, send);
        sum[key].events += run.events;
        sum[key].seconds += run.seconds;
      }
    }
    const http = { ...sum.http, rate: sum.http.events / sum.http.seconds };
    const overMqtt = { ...sum.mqtt, rate: sum.mqtt.events / sum.mqtt.seconds };
    sender.close();
    await Promise.all(loggers.map((l) => l.client?.endAsync()));
    const ratio = overMqtt.rate / http.rate;
    console.log(
      `\nTelemetry ingestion by transport, batches of ${size}, ${inflight} in flight, ${FLEET} loggers, database ${db}, no bills`,
    );
    console.log(`  POST /telemetry/batches                        ${http.rate.toFixed(0).padStart(8)} events/s`);
    console.log(`  MQTT kovanica/loggers/<imei>/batches (QoS 1)   ${overMqtt.rate.toFixed(0).padStart(8)} events/s`);
    console.log(`  ratio MQTT / HTTP                              ${ratio.toFixed(2).padStart(8)}`);
    mkdirSync(path.join(here, 'results'), { recursive: true });
    writeFileSync(
      path.join(here, 'results', `ingest-mqtt-${db}.json`),
      `${JSON.stringify({ bench: 'ingest --via mqtt', db, batch: size, inflight, http, mqtt: overMqtt, ratio, at: new Date().toISOString() }, null, 2)}\n`,
    );
  } finally {
    await stop(server.child);
    await dropDb?.();
  }
}
