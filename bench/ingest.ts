/**
 * Ingestion benchmark: sustained telemetry events/s through the HTTP API (`POST /telemetry/batches`,
 * batches of 500, the demo fleet's loggers, several batches in flight), next to a raw COPY of the same
 * number of rows into a copy of the events table in the same database, in the same run. The load
 * generator runs in this process, the server in its own (so on this 2-core machine they share it).
 *   npm run bench -- ingest [--db pglite|postgres] [--duration 10] [--inflight 4] [--batch 500] [--via mqtt]
 * `--via mqtt`: the same batches published to the embedded MQTT broker and over HTTP, on one server, and their ratio (bench/ingest-mqtt.ts).
 * Targets: ≥ 20,000 events/s on PostgreSQL, ≥ 5,000 on PGlite.
 * It runs twice, in the same run: without fiscalization (no company has a certificate) and with it
 * (every coin and cashless payment of the demo companies billed, its ZKI signed with a 2048-bit key
 * as FINA's are), and prints the bills issued per second (decision 0017).
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { demoCredential, demoImei } from '../apps/server/src/demo/fleet.ts';
import { batchOf } from './ingest-batches.ts';
import { benchDatabase, here, poster, serve, stop } from './support.ts';

const FLEET = 60;
/** Events/s the bodies built before a run are enough for; beyond it they are built while sending. */
const MAX_RATE = 120_000;
/** RSA-2048 SHA-1 signatures per second on this thread over 2 s: the ZKI's cost alone. */
function signaturesPerSecond(): number {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let n = 0;
  const started = performance.now();
  while (performance.now() - started < 2000) sign('RSA-SHA1', Buffer.from(`zki ${n++}`), privateKey);
  return n / ((performance.now() - started) / 1000);
}

export async function main(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      db: { type: 'string', default: 'pglite' },
      duration: { type: 'string', default: '10' },
      inflight: { type: 'string', default: '4' },
      batch: { type: 'string', default: '500' },
      via: { type: 'string', default: 'http' },
    },
  });
  if (values.via === 'mqtt') return (await import('./ingest-mqtt.ts')).mqttBench(values);
  const duration = Number(values.duration) * 1000;
  const inflight = Number(values.inflight);
  const size = Number(values.batch);
  const { dbArg, dropDb } = await benchDatabase(values.db);
  // One fleet for both runs: seqs go on, so the second run's events are new on a shared database.
  const loggers = Array.from({ length: FLEET }, (_, i) => ({ imei: demoImei(i + 1), seq: 1, busy: false }));
  let failures = 0;
  /** Sustained events/s through the API of a server started with `flags`, and the bills it issued meanwhile. */
  const measure = async (server: Awaited<ReturnType<typeof serve>>, cards = false) => {
    const url = `http://127.0.0.1:${server.port}/api/v2/telemetry/batches`;
    const sender = poster(inflight);
    let next = 0;
    let accepted = 0;
    // The bodies are built before the clock starts (as the COPY baseline's file is), so the load
    // generator, sharing the two cores with the server and PostgreSQL, only sends them.
    const bodies = new Map<(typeof loggers)[number], string[]>();
    let builtLate = 0;
    const prepare = (ms: number) => {
      builtLate = 0; // counted per run: the warm-up's do not count in the measured one
      const perLogger = Math.ceil((MAX_RATE * ms) / 1000 / size / FLEET) + 1;
      const now = Date.now();
      for (const logger of loggers)
        bodies.set(
          logger,
          Array.from({ length: perLogger }, () => JSON.stringify(batchOf(logger, size, now, cards))),
        );
    };
    const bodyOf = (logger: (typeof loggers)[number]) => {
      const body = bodies.get(logger)?.shift();
      if (body !== undefined) return body;
      builtLate++;
      return JSON.stringify(batchOf(logger, size, Date.now(), cards));
    };
    const send = async () => {
      // One batch per logger at a time, as a real logger sends them.
      let logger = loggers[next++ % FLEET];
      while (logger?.busy) logger = loggers[next++ % FLEET];
      if (!logger) return;
      logger.busy = true;
      const res = await sender.post(url, { authorization: `Bearer ${demoCredential(logger.imei)}` }, bodyOf(logger));
      logger.busy = false;
      if (res.status !== 200) {
        failures++;
        throw new Error(`batch refused: ${res.status} ${res.text}`);
      }
      accepted += (res.json as { accepted: number }).accepted;
    };
    const run = async (ms: number) => {
      prepare(ms);
      const until = performance.now() + ms;
      const worker = async () => {
        while (performance.now() < until) await send();
      };
      const started = performance.now();
      accepted = 0;
      await Promise.all(Array.from({ length: inflight }, worker));
      const seconds = (performance.now() - started) / 1000;
      // Bodies left over are dropped: their seqs are never sent, which a logger's gap would also be.
      bodies.clear();
      return { events: accepted, seconds, builtLate };
    };
    const billsNow = () =>
      new Promise<number>((resolve) => {
        server.child.once('message', (m) => resolve(Number((m as { bills: number }).bills)));
        server.child.send({ bills: true });
      });
    await run(2000); // warm-up: JIT, pools, the first rollup rows of each device
    const before = await billsNow();
    const result = await run(duration);
    const issued = (await billsNow()) - before;
    sender.close();
    return { ...result, rate: result.events / result.seconds, bills: issued, billsRate: issued / result.seconds };
  };

  // The bills' ceiling, in the same run: a ZKI is one RSA-2048 signature, made on the server's one thread.
  const signatures = signaturesPerSecond();
  const plain = await serve('app', dbArg, 'nofiscal');
  let without: Awaited<ReturnType<typeof measure>>;
  let withCards: Awaited<ReturnType<typeof measure>>;
  try {
    without = await measure(plain);
    // The same server, one event in ten a card spend instead of a coin.
    withCards = await measure(plain, true);
  } finally {
    await stop(plain.child);
  }
  const server = await serve('app', dbArg);
  try {
    const api = await measure(server);
    const apiRate = api.rate;

    // The baseline: the same number of rows, shaped like the stored events, by COPY.
    const rows = api.events;
    const file = path.join(tmpdir(), `kovanica-ingest-${process.pid}.csv`);
    const lines: string[] = [];
    const receivedAt = new Date().toISOString();
    for (let i = 0; i < rows; i++) {
      lines.push(
        `1,${(i % FLEET) + 1},${(i % FLEET) + 1},1,${i + 1},coin,${new Date(Date.now() - i * 1000).toISOString()},,${receivedAt},100,1,f,`,
      );
    }
    writeFileSync(file, `${lines.join('\n')}\n`);
    const copy = await new Promise<{ rows: number; ms: number }>((resolve) => {
      server.child.once('message', (m) => resolve(m as { rows: number; ms: number }));
      server.child.send({ copy: file, rows });
    });
    const copyRate = copy.rows / (copy.ms / 1000);
    // The background sender, against the simulated CIS, on the bills the run issued.
    const sweep = await new Promise<{ fiscalized: number; ms: number }>((resolve) => {
      server.child.once('message', (m) => resolve(m as { fiscalized: number; ms: number }));
      server.child.send({ sweep: 20_000 });
    });
    const sendRate = sweep.fiscalized / (sweep.ms / 1000);
    const target = values.db === 'postgres' ? 20_000 : 5_000;
    const result = {
      bench: 'ingest',
      db: values.db,
      batch: size,
      inflight,
      api,
      withoutFiscalization: without,
      withCardSpends: withCards,
      copy: { ...copy, rate: copyRate },
      ratio: without.rate / copyRate,
      ratioWithFiscalization: apiRate / copyRate,
      signaturesPerSecond: signatures,
      sender: { ...sweep, rate: sendRate },
      billsOfSignatures: api.billsRate / signatures,
      target,
      failures,
      at: new Date().toISOString(),
    };
    console.log(`\nTelemetry ingestion, batches of ${size}, ${inflight} in flight, ${FLEET} loggers, database ${values.db}`);
    console.log(`  raw COPY of ${rows} rows into the same database     ${copyRate.toFixed(0).padStart(8)} rows/s`);
    console.log(`  POST /telemetry/batches, everything derived, no bills ${without.rate.toFixed(0).padStart(8)} events/s`);
    console.log(
      `  the same, one event in ten a loyalty card spend          ${withCards.rate.toFixed(0).padStart(8)} events/s (${(withCards.rate / without.rate).toFixed(2)} of the rate without)`,
    );
    console.log(
      `  the same with fiscalization (2048-bit ZKIs)            ${apiRate.toFixed(0).padStart(8)} events/s, ${api.billsRate.toFixed(0)} bills issued/s (${(apiRate / without.rate).toFixed(2)} of the rate without)`,
    );
    console.log(
      `  the background sender against the simulated CIS        ${sendRate.toFixed(0).padStart(8)} bills fiscalized/s (${sweep.fiscalized} in ${(sweep.ms / 1000).toFixed(1)} s)`,
    );
    console.log(
      `  RSA-2048 signatures on one thread, this process         ${signatures.toFixed(0).padStart(8)} /s: bills issued at ${(api.billsRate / signatures).toFixed(2)} of it`,
    );
    console.log(
      `  ratio ${(without.rate / copyRate).toFixed(2)} of COPY without bills, ${(apiRate / copyRate).toFixed(2)} with; target ≥ ${target} events/s: ${without.rate >= target ? 'met' : 'NOT met'} without bills, ${apiRate >= target ? 'met' : 'NOT met'} with`,
    );
    mkdirSync(path.join(here, 'results'), { recursive: true });
    writeFileSync(path.join(here, 'results', `ingest-${values.db}.json`), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await stop(server.child);
    await dropDb?.();
  }
}
