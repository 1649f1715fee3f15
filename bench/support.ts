/** What the benchmarks share: a server process of their own, and a database of their own. */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Starts `api-server.ts` in its own process (so the load generator has the other core), with an IPC channel.
 * `BENCH_PROFILE=<dir>` writes the server's CPU profile there when it stops.
 */
export function serve(mode: string, ...args: string[]): Promise<{ child: ChildProcess; port: number; mqttPort: number | null }> {
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(here, 'api-server.ts'), mode, ...args], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
      const m = /ready (\d+)(?: mqtt (\d+))?/.exec(out);
      if (m) resolve({ child, port: Number(m[1]), mqttPort: m[2] ? Number(m[2]) : null });
    });
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
}

export async function stop(child: ChildProcess) {
  child.removeAllListeners('exit');
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/**
 * `pglite` (in the server process) or, for `postgres`, a database of its own on DATABASE_URL's server
 * (default local), dropped afterwards.
 */
export async function benchDatabase(
  kind: string | undefined,
  /** A name to keep the database under after the run, and to use again if it exists. */
  keep?: string,
): Promise<{ dbArg: string; dropDb?: () => Promise<void>; existed?: boolean }> {
  if (kind !== 'postgres') return { dbArg: 'pglite' };
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (keep !== undefined && !/^[a-z_][a-z0-9_]*$/.test(keep)) throw new Error(`--keep ${keep}: a database name of a-z, 0-9 and _`);
  const name = keep ?? `kovanica_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const existed = keep !== undefined && (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!existed) await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  if (keep !== undefined) await admin.end();
  return {
    dbArg: url.toString(),
    existed,
    ...(keep !== undefined
      ? {}
      : {
          dropDb: async () => {
            await admin.query(`drop database if exists ${name} with (force)`);
            await admin.end();
          },
        }),
  };
}

/** Signs a demo user in on a bench server and answers the header their requests carry. */
export async function demoAuthorization(base: string, email = 'admin@kovanica.test'): Promise<{ authorization: string }> {
  const res = await fetch(`${base}/api/v2/authentication_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'kovanica-demo' }),
  });
  return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

/**
 * The machine's busy CPU time so far, in seconds (every core: user, system, interrupts, steal), from
 * `/proc/stat`; null where there is none. The difference over a timed span, divided by the work done
 * in it, is a cost per unit that shifts less with the host's speed of the moment than a rate does.
 */
export function machineBusySeconds(): number | null {
  if (!existsSync('/proc/stat')) return null;
  const [, ...fields] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
  return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) / 100;
}

/**
 * A load generator's POST of a JSON body over kept-alive connections (`node:http`): it answers the
 * status and the parsed answer. The ingestion benches send with it, not `fetch`: on this machine
 * `fetch` cost the sender 0.5–0.8 ms of CPU a request against 0.16–0.3 ms (3,000 posts of a 500-event
 * body, 2026-11-27), CPU the server and PostgreSQL share on two cores and that a fleet of loggers
 * would spend on their own.
 */
export function poster(connections: number) {
  const http = requester(connections);
  const post = (url: string, headers: Record<string, string>, body: string) =>
    http.request('POST', url, { ...headers, 'content-type': 'application/json' }, body);
  return { post, close: http.close };
}

/** Requests of any method over kept-alive connections (at most `connections` at once); the answer's status, text and JSON. */
export function requester(connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const request = (method: string, url: string, headers: Record<string, string>, body?: string) =>
    new Promise<{ status: number; json: unknown; text: string }>((resolve, reject) => {
      const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
      const outgoing = http.request(url, { method, agent, headers: { ...headers, ...length } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown = null;
          try {
            json = JSON.parse(text);
          } catch {
            // not JSON: the caller reads `text`
          }
          resolve({ status: response.statusCode ?? 0, json, text });
        });
        response.on('error', reject);
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  return { request, close: () => agent.destroy() };
}
