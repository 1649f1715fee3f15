/**
 * Deep pages (decision 0010): transactions of the demo fleet's 13 months of telemetry, read by page
 * number, by cursor, and ten at a time while a worker reads one device — the worker's read alone is
 * the baseline. Read caches off: the database is what is measured.
 *   npm run bench -- pages [--db pglite|postgres] [--duration 10]
 * Seeding the history takes about half a minute on PostgreSQL, a minute or two on PGlite.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { benchDatabase, demoAuthorization, here, serve, stop } from './support.ts';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export async function main(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: { db: { type: 'string', default: 'pglite' }, duration: { type: 'string', default: '10' } },
  });
  const duration = Number(values.duration);
  const { dbArg, dropDb } = await benchDatabase(values.db);
  const seeding = performance.now();
  const server = await serve('app', dbArg, 'nocache', 'history');
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const manager = await demoAuthorization(base, 'manager@zabavni.test');
    const worker = await demoAuthorization(base, 'worker@zabavni.test');
    const get = async (url: string, headers: Record<string, string>) => {
      const started = performance.now();
      const res = await fetch(base + url, { headers });
      const body = (await res.json()) as { totalItems?: number; view?: { next?: string } };
      return { ms: performance.now() - started, status: res.status, body };
    };
    /** Median of `n` sequential reads (after one to warm up), and the last answer. */
    const timed = async (url: string, headers: Record<string, string>, n = 9) => {
      let last = await get(url, headers);
      const times: number[] = [];
      for (let i = 0; i < n; i++) {
        last = await get(url, headers);
        times.push(last.ms);
      }
      return { ...last, median: median(times) };
    };

    const first = await timed('/api/v2/transactions?page=1', manager);
    const deepest = await timed('/api/v2/transactions?page=333', manager);
    const cursorUrl = deepest.body.view?.next ?? '';
    const cursor = await timed(cursorUrl, manager);
    const tooDeep = await timed('/api/v2/transactions?page=1000000', manager);
    const alone = await timed('/api/v2/devices?itemsPerPage=1', worker, 19);

    /** The worker's read, sequentially, while ten connections read `url` for the duration. */
    const underLoad = async (url: string) => {
      const load = autocannon({ url: base + url, headers: manager, connections: 10, duration });
      const times: number[] = [];
      const until = performance.now() + (duration - 1) * 1000;
      await new Promise((r) => setTimeout(r, 500));
      while (performance.now() < until) times.push((await get('/api/v2/devices?itemsPerPage=1', worker)).ms);
      const r = await load;
      return {
        requestsPerSecond: r.requests.average,
        p99ms: r.latency.p99,
        non2xx: r.non2xx,
        worker: { median: median(times), max: Math.max(...times) },
      };
    };
    const loadDeep = await underLoad('/api/v2/transactions?page=333');
    const loadCursor = await underLoad(cursorUrl);
    const loadTooDeep = await underLoad('/api/v2/transactions?page=1000000');

    const result = {
      bench: 'pages',
      db: values.db,
      transactions: first.body.totalItems,
      seedSeconds: (performance.now() - seeding) / 1000,
      single: {
        page1: first.median,
        page333: deepest.median,
        cursor: cursor.median,
        page1000000: tooDeep.median,
        tooDeepStatus: tooDeep.status,
      },
      workerAlone: alone.median,
      underLoad: { page333: loadDeep, cursor: loadCursor, page1000000: loadTooDeep },
      at: new Date().toISOString(),
    };
    const ms = (v: number) => `${v.toFixed(0).padStart(6)} ms`;
    console.log(`\nTransactions (${first.body.totalItems} of the manager's company), database ${values.db}, read caches off`);
    console.log(`  GET /transactions?page=1                 ${ms(first.median)}  (median of 9)`);
    console.log(`  GET /transactions?page=333 (deepest)     ${ms(deepest.median)}`);
    console.log(`  GET /transactions?cursor=… (page 334)    ${ms(cursor.median)}`);
    console.log(`  GET /transactions?page=1000000           ${ms(tooDeep.median)}  answer ${tooDeep.status}`);
    console.log(`  worker GET /devices?itemsPerPage=1 alone ${ms(alone.median)}  (the baseline)`);
    for (const [label, r] of [
      ['page=333', loadDeep],
      ['cursor', loadCursor],
      ['page=1000000', loadTooDeep],
    ] as const) {
      console.log(
        `  10 connections on ${label.padEnd(13)} ${r.requestsPerSecond.toFixed(0).padStart(5)} req/s p99 ${r.p99ms} ms; worker's read meanwhile median ${r.worker.median.toFixed(0)} ms, max ${r.worker.max.toFixed(0)} ms (${(r.worker.median / alone.median).toFixed(1)}× alone)`,
      );
    }
    mkdirSync(path.join(here, 'results'), { recursive: true });
    writeFileSync(path.join(here, 'results', `pages-${values.db}.json`), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await stop(server.child);
    await dropDb?.();
  }
}
