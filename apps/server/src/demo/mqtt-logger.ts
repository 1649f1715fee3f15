import { type CommandType, commandEvent } from '@kovanica/contract';
import mqtt from 'mqtt';
import { loggerTopics } from '../modules/mqtt/mqtt.topics.ts';
import { demoCredential, demoImei } from './fleet.ts';

/** The demo logger that reports over MQTT: the fleet's first, never one of the demo's devices in trouble. */
export const DEMO_MQTT_IMEI = demoImei(1);
/** How often it sends its heartbeat. */
const EVERY_MS = 60_000;

/**
 * One demo logger reporting through the embedded broker (decision 0057), as a logger with MQTT does:
 * it signs in with its IMEI and credential, sends a heartbeat batch at once and every minute (QoS 1,
 * a persistent session), and carries out the commands it is sent (a free ride or reset from the
 * device's page arrives on its `commands` topic at once, and the event naming it marks it done).
 * Its logger's "last seen" is the only one of the demo fleet that keeps up with the clock.
 */
export function startDemoMqttLogger(port: number, log: (message: string, error?: unknown) => void) {
  const imei = DEMO_MQTT_IMEI;
  const topics = loggerTopics(imei);
  const client = mqtt.connect(`mqtt://127.0.0.1:${port}`, {
    clientId: `demo-logger-${imei}`,
    username: imei,
    password: demoCredential(imei),
    clean: false,
    reconnectPeriod: 5_000,
  });
  // Its seq: the time in milliseconds, increasing as events happen and far from the imported history's.
  let seq = Date.now();
  /** Commands carried out, by id: a command heard twice (QoS 1 is at least once) is done once. */
  const done = new Set<number>();
  const send = (events: Record<string, unknown>[]) =>
    client.publish(
      topics.batches,
      JSON.stringify({ imei, events: events.map((e) => ({ seq: seq++, at: new Date().toISOString(), ...e })) }),
      {
        qos: 1,
      },
    );
  const heartbeat = () => send([{ type: 'heartbeat', signal: -67 }]);
  client.on('connect', (connack) => {
    if (!connack.sessionPresent) client.subscribe([topics.acks, topics.commands], { qos: 1 });
  });
  client.on('message', (topic, payload) => {
    if (topic !== topics.commands) return;
    try {
      const { commands } = JSON.parse(payload.toString()) as { commands: { id: number; type: CommandType }[] };
      const fresh = commands.filter((c) => !done.has(c.id));
      for (const c of fresh) done.add(c.id);
      if (fresh.length) send(fresh.map(commandEvent));
    } catch (error) {
      log('the demo MQTT logger could not read its commands', error);
    }
  });
  client.on('error', (error) => log('the demo MQTT logger', error));
  heartbeat();
  const timer = setInterval(heartbeat, EVERY_MS);
  timer.unref();
  return {
    imei,
    close: async () => {
      clearInterval(timer);
      await client.endAsync();
    },
  };
}
