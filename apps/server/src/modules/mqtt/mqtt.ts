import type { Deps } from '../../deps.ts';
import { type Broker, startBroker } from './mqtt.broker.ts';
import { type Subscriber, startSubscriber } from './mqtt.client.ts';
import { pushCommands } from './mqtt.commands.ts';

/** MQTT for loggers (decision 0057): the embedded broker, an external one, both, or neither (the default). */
export interface MqttOptions {
  /** The embedded broker's port (`MQTT_PORT`; 0: a free one); none: no embedded broker. */
  port?: number | null;
  /** Where it listens (`MQTT_HOST`, default the server's `HOST`). */
  host?: string;
  /** An external broker to take the batches from (`MQTT_URL`); none: none. */
  url?: string | null;
  /** The server's client id on the external broker (`MQTT_CLIENT_ID`). */
  clientId?: string;
  /** The shared subscription's group there (`MQTT_SHARED_GROUP`, default `kovanica`); null: a plain subscription. */
  sharedGroup?: string | null;
}

export interface Mqtt {
  /** The embedded broker's port, when it runs. */
  brokerPort: number | null;
  /** Settles once the server takes batches (subscribed on the external broker; at once for the embedded one). */
  ready: Promise<void>;
  close(): Promise<void>;
}

type Log = (message: string, error?: unknown) => void;

/** Starts what `options` asks for; closing stops taking batches, lets the one under way finish, and closes the connections. */
export async function startMqtt(deps: Deps, options: MqttOptions, log: Log): Promise<Mqtt> {
  let broker: Broker | null = null;
  let stopPush: (() => Promise<void>) | null = null;
  let subscriber: Subscriber | null = null;
  if (options.port !== undefined && options.port !== null) {
    broker = await startBroker(deps, { port: options.port, host: options.host ?? '127.0.0.1' }, log);
    stopPush = pushCommands(deps, broker, log);
  }
  if (options.url)
    subscriber = startSubscriber(deps, { url: options.url, clientId: options.clientId, sharedGroup: options.sharedGroup }, log);
  let closed: Promise<void> | null = null;
  return {
    brokerPort: broker?.port ?? null,
    ready: subscriber?.ready ?? Promise.resolve(),
    // Once, however often it is called (a test may close it before the app does).
    close: () => {
      closed ??= (async () => {
        await stopPush?.();
        await subscriber?.close();
        await broker?.close();
      })();
      return closed;
    },
  };
}
