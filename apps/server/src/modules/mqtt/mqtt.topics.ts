/**
 * The MQTT topics of a logger (docs/api.md "MQTT", decision 0057): it publishes its batches to
 * `kovanica/loggers/<imei>/batches`, hears the answers on `…/acks` and the commands on `…/commands`.
 */
export const TOPIC_ROOT = 'kovanica/loggers';

export const loggerTopics = (imei: string) => ({
  batches: `${TOPIC_ROOT}/${imei}/batches`,
  acks: `${TOPIC_ROOT}/${imei}/acks`,
  commands: `${TOPIC_ROOT}/${imei}/commands`,
});

/** Every logger's batches. */
export const ALL_BATCHES = `${TOPIC_ROOT}/+/batches`;

/**
 * What the server subscribes to on an external broker: every logger's batches, in a shared subscription
 * (MQTT 5 `$share/<group>/…`), so several server instances split them and each batch goes to one of
 * them; with no group, a plain subscription (one instance; see decision 0057 for Mosquitto 2.0.11).
 */
export const batchesSubscription = (group: string | null) => (group ? `$share/${group}/${ALL_BATCHES}` : ALL_BATCHES);

const BATCH_TOPIC = /^kovanica\/loggers\/([^/]+)\/batches$/;

/** The IMEI a batch topic names, or null for any other topic. */
export function imeiOfBatchTopic(topic: string): string | null {
  return BATCH_TOPIC.exec(topic)?.[1] ?? null;
}
