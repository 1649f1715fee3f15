/** The ingestion benches' batches (bench/ingest.ts, bench/ingest-mqtt.ts): the demo fleet's loggers' coins, tokens, cards… */
import { DEMO_CARDS, demoCardUid } from '../apps/server/src/demo/loyalty.ts';

const TYPES = ['coin', 'coin', 'coin', 'coin', 'token', 'token', 'cashless', 'coin', 'prize_out', 'heartbeat'] as const;

/** The demo's loyalty cards (api-server seeds them), spent by the run with card spends. */
const CARDS = Array.from({ length: DEMO_CARDS }, (_, i) => demoCardUid(i + 1));

/**
 * A logger's next batch: increasing seq, times a few seconds apart ending now. With `cards`, one event
 * in ten (a coin's place) is a loyalty card spend, debited in the batch's transaction (decision 0023).
 */
export function batchOf(logger: { imei: string; seq: number }, size: number, now: number, cards = false) {
  const events = [];
  for (let i = 0; i < size; i++) {
    const seq = logger.seq++;
    const at = new Date(now - (size - i) * 2000).toISOString();
    const type = TYPES[seq % TYPES.length] as (typeof TYPES)[number];
    if (cards && seq % TYPES.length === 7) events.push({ seq, at, type: 'card', cardUid: CARDS[seq % CARDS.length], valueCents: 200 });
    else if (type === 'coin') events.push({ seq, at, type, valueCents: seq % 3 === 0 ? 200 : 100, count: 1 });
    else if (type === 'cashless') events.push({ seq, at, type, valueCents: 500 });
    else if (type === 'heartbeat') events.push({ seq, at, type, signal: -70 });
    else events.push({ seq, at, type, count: 1 });
  }
  return { imei: logger.imei, events };
}
