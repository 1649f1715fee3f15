/**
 * API benchmark: an authenticated 30-item collection read (`GET /api/v2/users?itemsPerPage=30` as
 * the admin: JWT check, user and tenant lookup, one paged query, serialisation through the response
 * schema) against a bare Fastify route answering the same bytes. Requests/s and p99 of each, and
 * their ratio. Target: ≥ 0.35 of the bare route.
 *   npm run bench -- api [--duration 10] [--connections 10] [--db pglite|postgres]
 * `--db postgres` uses DATABASE_URL's server with a database of its own, dropped afterwards.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { benchDatabase, demoAuthorization, here, serve, stop } from './support.ts';

async function load(url: string, headers: Record<string, string>, duration: number, connections: number) {
  await autocannon({ url, headers, connections, duration: 2 }); // warm-up: JIT, pools, caches
  const r = await autocannon({ url, headers, connections, duration });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { requestsPerSecond: r.requests.average, p99ms: r.latency.p99, requests: r.requests.total };
}

export async function main(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
      db: { type: 'string', default: 'pglite' },
    },
  });
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  const { dbArg, dropDb } = await benchDatabase(values.db);

  try {
    const url = '/api/v2/users?itemsPerPage=30&order[email]=asc';
    /** Signs in as the admin, checks the answer holds 30 users, and loads the route. */
    const measureApp = async (...args: string[]) => {
      const server = await serve('app', ...args);
      const base = `http://127.0.0.1:${server.port}`;
      const headers = await demoAuthorization(base);
      const body = await (await fetch(base + url, { headers })).text();
      const items = (JSON.parse(body) as { member: unknown[] }).member.length;
      if (items !== 30) throw new Error(`expected 30 items, got ${items}`);
      const figures = await load(base + url, headers, duration, connections);
      await stop(server.child);
      return { body, headers, figures };
    };
    const cachedRun = await measureApp(dbArg);
    const uncached = (await measureApp(dbArg, 'nocache')).figures;
    const app = cachedRun.figures;

    const file = path.join(tmpdir(), `kovanica-bench-${process.pid}.json`);
    writeFileSync(file, cachedRun.body);
    const bare = await serve('bare', file);
    const baseline = await load(`http://127.0.0.1:${bare.port}${url}`, cachedRun.headers, duration, connections);
    await stop(bare.child);

    const body = cachedRun.body;
    const ratio = app.requestsPerSecond / baseline.requestsPerSecond;
    const uncachedRatio = uncached.requestsPerSecond / baseline.requestsPerSecond;
    const result = {
      bench: 'api',
      db: values.db,
      bytes: body.length,
      duration,
      connections,
      app,
      uncached,
      baseline,
      ratio,
      uncachedRatio,
      target: 0.35,
      at: new Date().toISOString(),
    };
    const row = (label: string, f: { requestsPerSecond: number; p99ms: number }) =>
      console.log(`  ${label.padEnd(34)} ${f.requestsPerSecond.toFixed(0).padStart(7)} req/s   p99 ${f.p99ms} ms`);
    console.log(`\nAPI read of 30 items (${body.length} bytes), ${connections} connections, ${duration} s each, database ${values.db}`);
    row('bare Fastify route, same bytes', baseline);
    row('Kovanica GET /users', app);
    row('Kovanica GET /users, caches off', uncached);
    console.log(
      `  ratio ${ratio.toFixed(2)} (target ≥ 0.35: ${ratio >= 0.35 ? 'met' : 'NOT met'}); with caches off ${uncachedRatio.toFixed(2)}`,
    );
    mkdirSync(path.join(here, 'results'), { recursive: true });
    writeFileSync(path.join(here, 'results', `api-${values.db}.json`), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await dropDb?.();
  }
}
