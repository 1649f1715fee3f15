import { hostname } from 'node:os';
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import type { Deps } from '../../deps.ts';
import { loggerByImei, receiveMqttBatch, replyPayload } from './mqtt.routes.ts';
import { batchesSubscription, imeiOfBatchTopic, loggerTopics } from './mqtt.topics.ts';

/** The server as a client of an external broker (`MQTT_URL`, decision 0057). */
export interface SubscriberOptions {
  /** `mqtt://user:password@host:port` (or `mqtts://`): the server's own account on the broker. */
  url: string;
  /** Its client id, the same at every start of this instance, so its session (and what waits in it) is found again. */
  clientId?: string;
  /** The shared subscription's group (`MQTT_SHARED_GROUP`, default `kovanica`); null: a plain subscription. */
  sharedGroup?: string | null;
}

export interface Subscriber {
  /** Settles once the server is subscribed to the batches (at its first connection). */
  ready: Promise<void>;
  /** Publishes a message to one topic at QoS 1 (an answer, commands). */
  publish(topic: string, payload: Buffer): void;
  close(): Promise<void>;
}

type Log = (message: string, error?: unknown) => void;

/** How long a batch the database could not take waits before it is tried again, and how often it is. */
const RETRY_MS = 1_000;
const TRIES = 5;
/** How long the broker keeps the server's session while it is away (MQTT 5 session expiry): a week. */
const SESSION_EXPIRY_S = 7 * 24 * 3600;

/**
 * Subscribes to every logger's batches on an external broker (Mosquitto, EMQX…) in the shared
 * subscription `$share/kovanica/…`, at QoS 1, with a persistent session (clean start off, a week's
 * expiry): what arrives while the server is away waits for it. A message is acknowledged (PUBACK) only
 * once its batch is committed: mqtt.js sends a QoS 1 message's PUBACK when `handleMessage` calls back,
 * and this one calls back after `receiveMqttBatch`. A batch the database cannot take now is tried again
 * every second, five times at most (mqtt.js hands over one message at a time); then, or at shutdown,
 * it is left unacknowledged, and the broker delivers it again at the next connection. Signing loggers in and keeping each to its own topics is the broker's work (its ACL); the
 * server still takes a batch only from the topic of a known logger, and with a body that validates.
 */
export function startSubscriber(deps: Deps, options: SubscriberOptions, log: Log): Subscriber {
  let closing = false;
  let current: Promise<void> = Promise.resolve();
  const client: MqttClient = mqtt.connect(options.url, {
    protocolVersion: 5,
    clientId: options.clientId ?? `kovanica-${hostname()}`,
    clean: false,
    properties: { sessionExpiryInterval: SESSION_EXPIRY_S },
    reconnectPeriod: 1_000,
    connectTimeout: 10_000,
  });
  const handle = async (packet: IPublishPacket) => {
    const imei = imeiOfBatchTopic(packet.topic);
    if (!imei) return; // not a batch: nothing of the server's
    for (let tried = 1; ; tried++) {
      try {
        const reply = await receiveMqttBatch(deps, await loggerByImei(deps, imei), packet.payload as Buffer);
        // Not awaited: the broker's PUBACK to it comes behind this message, which waits for this handler.
        publish(loggerTopics(imei).acks, replyPayload(reply));
        if (reply.ok && reply.answer.commands.length)
          publish(loggerTopics(imei).commands, Buffer.from(JSON.stringify({ commands: reply.answer.commands })));
        return;
      } catch (error) {
        log('an MQTT batch could not be stored; not acknowledged', error);
        // Given up (or closing): left unacknowledged, so the broker delivers it again at the next connection,
        // and the batches behind it are not held up by it.
        if (closing || tried >= TRIES) throw error;
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  };
  client.handleMessage = (packet, callback) => {
    const done = handle(packet);
    current = done.catch(() => {});
    done.then(
      () => callback(),
      (error: Error) => callback(error),
    );
  };
  client.on('error', (error) => log('MQTT broker connection', error));
  const publish = (topic: string, payload: Buffer) =>
    client.publish(topic, payload, { qos: 1 }, (error) => {
      if (error) log(`MQTT publish to ${topic} failed`, error);
    });

  // Not waited for at start: the server starts whether the broker is there or not, and the client
  // connects (and reconnects) on its own. A session found again keeps its subscription.
  let subscribed: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    subscribed = resolve;
  });
  const topic = batchesSubscription(options.sharedGroup === undefined ? 'kovanica' : options.sharedGroup);
  const subscribe = () =>
    client.subscribe(topic, { qos: 1 }, (error) => {
      if (error) log('MQTT subscription to the batches refused', error);
      else subscribed();
    });
  client.on('connect', (connack) => {
    if (!connack.sessionPresent) return subscribe();
    // Mosquitto 2.0.11 restores a shared subscription after its restart but routes nothing to it
    // until it is made anew (decision 0057): a shared one is made anew at every connection.
    if (topic.startsWith('$share/')) client.unsubscribe(topic, () => subscribe());
    else subscribed();
  });
  return {
    publish,
    ready,
    async close() {
      closing = true;
      // The batch under way is committed and acknowledged; nothing more is taken.
      await current;
      await client.endAsync();
    },
  };
}
