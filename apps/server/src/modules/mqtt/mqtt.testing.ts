import type { MqttClient } from 'mqtt';

/** The messages a test client hears, topic by topic, waited for one at a time. */
export function inbox(client: MqttClient) {
  const heard = new Map<string, unknown[]>();
  const waiting = new Map<string, (message: unknown) => void>();
  client.on('message', (topic, payload) => {
    const message = JSON.parse(payload.toString('utf8')) as unknown;
    const waiter = waiting.get(topic);
    if (waiter) {
      waiting.delete(topic);
      waiter(message);
    } else heard.set(topic, [...(heard.get(topic) ?? []), message]);
  });
  return {
    /** The next message on the topic (within 10 s). */
    next<T = Record<string, unknown>>(topic: string): Promise<T> {
      const queued = heard.get(topic);
      if (queued?.length) return Promise.resolve(queued.shift() as T);
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`nothing heard on ${topic}`)), 10_000);
        waiting.set(topic, (message) => {
          clearTimeout(timer);
          resolve(message as T);
        });
      });
    },
  };
}

/** A batch of `count` coins of 1 € with seqs from `first`, minutes ago. */
export const coins = (imei: string, first: number, count: number) => ({
  imei,
  events: Array.from({ length: count }, (_, i) => ({
    seq: first + i,
    at: new Date(Date.now() - (count - i) * 60_000).toISOString(),
    type: 'coin',
    valueCents: 100,
  })),
});
