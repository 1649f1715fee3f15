import net from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { and, eq } from 'drizzle-orm';
import { DomainError } from '../../core/errors.ts';
import { loggers } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { refusedKey } from '../../security/attempts.ts';
import { credentialHash } from '../../security/credentials.ts';
import { type MqttLogger, receiveMqttBatch, replyPayload } from './mqtt.routes.ts';
import { loggerTopics } from './mqtt.topics.ts';

/** Where the embedded broker listens (`MQTT_PORT`, `MQTT_HOST`); port 0 takes a free one (tests). */
export interface BrokerOptions {
  port: number;
  host: string;
}

/** What the rest of the server sees of a running broker. */
export interface Broker {
  /** The port it listens on. */
  port: number;
  /** Publishes a message to one topic at QoS 1 (an answer, a command). */
  publish(topic: string, payload: Buffer): Promise<void>;
  /** The loggers connected now and subscribed to their commands, by id. */
  listening(): MqttLogger[];
  close(): Promise<void>;
}

type Log = (message: string, error?: unknown) => void;

/** MQTT 3.1.1's CONNACK return codes for a refused sign-in. */
const BAD_USERNAME_OR_PASSWORD = 4;
const NOT_AUTHORIZED = 5;

const refused = (returnCode: number): AuthenticateError => Object.assign(new Error('refused'), { returnCode });

/**
 * The broker inside the server (aedes, decision 0057). A logger signs in with its IMEI as the user
 * name and its credential as the password (checked against the stored hash, as `Bearer` is); it may
 * publish only to its own `batches` topic and subscribe only to its own `acks` and `commands`. A batch
 * is stored while the broker authorises its PUBLISH, so its PUBACK leaves only once the batch is
 * committed: a batch the database could not take is not acknowledged (the connection is closed and
 * the logger sends it again), and a batch acknowledged is never lost.
 */
export async function startBroker(deps: Deps, options: BrokerOptions, log: Log): Promise<Broker> {
  const signedIn = new WeakMap<Client, MqttLogger>();
  /** Loggers subscribed to their commands, by client id. */
  const subscribed = new Map<string, MqttLogger>();
  const aedes = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      const imei = username ?? '';
      const credential = password?.toString('utf8') ?? '';
      deps.db
        .select({ id: loggers.id, companyId: loggers.companyId, imei: loggers.imei })
        .from(loggers)
        .where(and(eq(loggers.imei, imei), eq(loggers.credentialHash, credentialHash(credential))))
        .then(async ([row]) => {
          if (row) {
            signedIn.set(client, row);
            return done(null, true);
          }
          const address = (client.conn as net.Socket).remoteAddress ?? 'mqtt';
          const refusal = await refusedKey(deps.limits, address, new DomainError(401, 'bad_logger_credential'));
          done(refused(refusal.status === 429 ? NOT_AUTHORIZED : BAD_USERNAME_OR_PASSWORD), false);
        })
        .catch((error: unknown) => {
          log('MQTT sign-in could not be checked', error);
          done(refused(3), false); // server unavailable: the logger tries again
        });
    },
    authorizePublish: (client, packet, done) => {
      const logger = client ? signedIn.get(client) : undefined;
      if (!logger || packet.topic !== loggerTopics(logger.imei).batches) return done(new Error('not authorized'));
      receiveMqttBatch(deps, logger, packet.payload as Buffer)
        .then((reply) => {
          done(null);
          publish(loggerTopics(logger.imei).acks, replyPayload(reply));
          if (reply.ok && reply.answer.commands.length)
            publish(loggerTopics(logger.imei).commands, Buffer.from(JSON.stringify({ commands: reply.answer.commands })));
        })
        .catch((error: unknown) => {
          log('an MQTT batch could not be stored; not acknowledged', error);
          done(error as Error);
        });
    },
    authorizeSubscribe: (client, subscription, done) => {
      const logger = signedIn.get(client);
      const own = logger ? loggerTopics(logger.imei) : null;
      done(null, own && (subscription.topic === own.acks || subscription.topic === own.commands) ? subscription : null);
    },
  });
  aedes.on('subscribe', (subscriptions, client) => {
    const logger = signedIn.get(client);
    if (logger && subscriptions.some((s) => s.topic === loggerTopics(logger.imei).commands)) subscribed.set(client.id, logger);
  });
  aedes.on('clientDisconnect', (client) => subscribed.delete(client.id));
  const publish = (topic: string, payload: Buffer) =>
    new Promise<void>((resolve) =>
      aedes.publish({ cmd: 'publish', topic, payload, qos: 1, retain: false, dup: false }, (error) => {
        if (error) log(`MQTT publish to ${topic} failed`, error);
        resolve();
      }),
    );

  const server = net.createServer(aedes.handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    publish,
    listening: () => [...new Map([...subscribed.values()].map((l) => [l.id, l])).values()],
    async close() {
      // Connected loggers are let go (their unacknowledged batches they send again elsewhere or later).
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
