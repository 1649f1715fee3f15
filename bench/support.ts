/** What the benchmarks share: a server process of their own, and a database of their own. */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Starts `api-server.ts` in its own process (so the load generator has the other core), with an IPC channel.
 * `BENCH_PROFILE=<dir>` writes the server's CPU profile there when it stops.
 */
export function serve(mode: string, ...args: string[]): Promise<{ child: ChildProcess; port: number }> {
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(here, 'api-server.ts'), mode, ...args], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
      const m = /ready (\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]) });
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
