/**
 * `npm run test:dated`: the server's test files that build their data relative to "now", run again
 * at fixed dates that have broken date code before, under a faked clock (libfaketime, Debian's
 * `faketime`; decision 0039). Each date is one Vitest run with libfaketime's library preloaded and
 * the date's offset, on a PostgreSQL cluster of its own started with the same clock, or on PGlite
 * (in the tests' process), so the database's now() and the app's clock agree; a server a test starts
 * gets the clock too (testing/process.ts). Prints each date's engine, time and result, and exits 1 if
 * one failed.
 *
 * `npm run test:dated -- 2027-03-28` runs the dates that start so; `--engine postgres|pglite` runs
 * them all on one; `--parallel N` runs N dates at a time. One at a time is the default: a date's run
 * keeps both cores busy (its three workers), and two at a time took as long in all (365 s against
 * 367 s for six dates, on this 2-core machine).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';

/**
 * The dates (UTC; Zagreb is UTC+1 in winter, UTC+2 in summer), each with why it is here, and the
 * database it runs on. A PostgreSQL cluster of the date's own, started with the same faked clock,
 * takes half the time and CPU of the embedded PGlite for the same files (about 80 s against 150 s a
 * date); one date keeps PGlite, so CI still runs the server's tests on the embedded database that
 * `npm start` uses: the autumn change of the clocks, where the two engines' time-zone data are what is
 * checked. Without PostgreSQL's programs (a developer's machine) every date runs on PGlite.
 */
type Engine = 'postgres' | 'pglite';

const DATES: { at: string; why: string; engine: Engine }[] = [
  {
    at: '2027-01-31T22:30:00Z',
    why: "a month's last day, 23:30 in Zagreb while UTC is still that day (yesterday, today, this month are Zagreb's); a month on has no 31st, a month back is 31 December",
    engine: 'postgres',
  },
  {
    at: '2026-12-31T22:59:00Z',
    why: "New Year's Eve, 23:59 in Zagreb: a minute in, the run is in 2027 there (bill numbers start again at 1), UTC still in 2026",
    engine: 'postgres',
  },
  {
    at: '2027-03-28T00:58:00Z',
    why: 'two minutes before the clocks go forward (01:00 UTC): a Zagreb day of 23 hours',
    engine: 'postgres',
  },
  { at: '2027-10-31T00:58:00Z', why: 'two minutes before the clocks go back (01:00 UTC): a Zagreb day of 25 hours', engine: 'pglite' },
  { at: '2028-02-29T12:00:00Z', why: '29 February: a year back or ahead has no such day', engine: 'postgres' },
];

/** The server's test files that use the current time: found by these calls in their text. */
const USES_NOW = /Date\.now\(\)|new Date\(\)|businessDate\(\)/;
/**
 * Files that use it and are left out, each with why: what they check does not depend on the day, and
 * they would be most of the leg's time.
 */
const LEFT_OUT: Record<string, string> = {
  // The fault tests: nothing lost or counted twice through a kill -9, on servers they start. Their
  // events are the last hour's (the last day's), and they run first, seconds after a date's start:
  // before its turn of the day or of the clocks. They were half of a date's CPU time, and their four
  // server starts overran their minute under the leg's load. Run by hand under faketime, their servers
  // get its clock: the fiscal one, at 23:20 UTC on New Year's Eve, found it expected one year.
  'apps/server/src/modules/bills/bills.fault.test.ts': 'the fiscal fault test',
  'apps/server/src/modules/telemetry/fault.test.ts': 'the ingestion fault test',
  // The time they take is a moment's (a token's expiry, records of now whose access or input is what
  // they check), not a calendar's: no day, month or year in them.
  'apps/server/src/modules/auth/auth.test.ts': "tokens' expiry",
  'apps/server/src/http/guard.test.ts': 'the route walk (access)',
  'apps/server/src/http/inputs.test.ts': 'malformed input',
  'apps/server/src/modules/commands/commands.test.ts': "commands' delivery",
  'apps/server/src/modules/loggers/loggers.test.ts': "loggers' credentials",
  // Transports and live delivery: a batch or an alarm "now" travels through MQTT, the live stream, Web
  // Push or a metric, and what they check is that it arrives (within seconds), not on which day.
  'apps/server/src/modules/events/events.test.ts': 'the live stream (an alarm now reaches it)',
  'apps/server/src/modules/mqtt/mqtt.test.ts': 'MQTT transport (batches and commands now)',
  'apps/server/src/modules/mqtt/mqtt.mosquitto.test.ts': 'MQTT through Mosquitto (batches now)',
  'apps/server/src/modules/push-subscriptions/push-subscriptions.test.ts': 'Web Push delivery (timeouts)',
  'apps/server/src/modules/metrics/metrics.test.ts': 'metrics (a batch a minute ago is counted)',
  // The shape of answers (JSON-LD) and who may do what: records of now whose day plays no part.
  'apps/server/src/http/hydra.test.ts': 'JSON-LD shapes (a deposit now)',
  'apps/server/src/modules/devices/devices.bulk.test.ts': "bulk actions (a command's delivery now)",
  // Two server instances on one PostgreSQL, a kill -9 among them: what it checks (nothing lost or
  // counted twice, limits shared) is the instances', not the day's, and its two server starts would
  // cost each date as much as the fault tests did.
  'apps/server/src/instances.test.ts': 'two instances on one database (a kill -9 among them)',
  // Two months of the demo's history (40 s a date) for its closes; where a closed month's late money
  // lands is held across month edges at fixed dates by month-closes.test.ts.
  'apps/server/src/demo/month-close.test.ts': "the demo's closed months",
  // They take "this month" when they start and issue bills by hand (at now) later: at New Year's Eve
  // 23:59 the month turns between the two and the bills land in the next month, where the files do not
  // look. What they check (a month's bills, each in the month it was issued, summed) does not depend on
  // the day; to run them here they need months fixed apart from now.
  'apps/server/src/modules/vat-book/vat-book.test.ts': 'the VAT book (months taken at its start)',
  'apps/server/src/demo/fiscal.test.ts': "the demo's bills by hand in the VAT book (months taken at its start)",
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values, positionals } = parseArgs({
  options: { parallel: { type: 'string', default: '1' }, engine: { type: 'string' } },
  allowPositionals: true,
});
const parallel = Number(values.parallel);
if (
  !Number.isInteger(parallel) ||
  parallel < 1 ||
  (values.engine !== undefined && values.engine !== 'postgres' && values.engine !== 'pglite')
) {
  console.error('usage: npm run test:dated -- [--parallel N] [--engine postgres|pglite] [date prefix…]');
  process.exit(2);
}

/** libfaketime's library as `faketime` preloads it (the installed one's place), read once: the runs preload it themselves. */
const fakeTimeLibrary = spawnSync('faketime', ['-f', '+0', 'sh', '-c', 'printf %s "$LD_PRELOAD"'], { encoding: 'utf8' }).stdout ?? '';
// It must fake the clock as the runs use it: without it they would pass on today's date and prove nothing.
const probe = spawnSync('date', ['-u', '+%F'], {
  encoding: 'utf8',
  env: { ...process.env, LD_PRELOAD: fakeTimeLibrary, FAKETIME: '+86400' },
});
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
if (!fakeTimeLibrary || probe.error || probe.status !== 0 || probe.stdout.trim() !== tomorrow) {
  console.error(
    `faketime is missing or does not fake the clock (${fakeTimeLibrary ? (probe.error?.message ?? (probe.stderr.trim() || `the date under it: ${probe.stdout.trim()}`)) : 'no faketime, or no library preloaded by it'}).\n` +
      'The dated tests need libfaketime: apt-get install faketime (Debian).',
  );
  process.exit(1);
}

const files = (readdirSync(path.join(root, 'apps/server/src'), { recursive: true, encoding: 'utf8' }) as string[])
  .map((f) => path.posix.join('apps/server/src', f.split(path.sep).join('/')))
  .filter((f) => f.endsWith('.test.ts') && !(f in LEFT_OUT) && USES_NOW.test(readFileSync(path.join(root, f), 'utf8')))
  .sort();
const dates = DATES.filter((d) => positionals.length === 0 || positionals.some((p) => d.at.startsWith(p)));
if (dates.length === 0) {
  console.error(`no date starts with ${positionals.join(', ')}`);
  process.exit(2);
}
/**
 * PostgreSQL's server programs (initdb, pg_ctl): PG_BINDIR, else pg_config's, else Debian's newest
 * (/usr/lib/postgresql/N/bin). Undefined when there are none: the dates then run on PGlite.
 */
function postgresPrograms(): string | undefined {
  const debian = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => `/usr/lib/postgresql/${v}/bin`)
    : [];
  const fromConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  return [process.env.PG_BINDIR, fromConfig.status === 0 ? fromConfig.stdout.trim() : undefined, ...debian].find(
    (dir) => dir && existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')),
  );
}
const programs = postgresPrograms();
if (values.engine === 'postgres' && !programs) {
  console.error("--engine postgres: PostgreSQL's initdb and pg_ctl are not found (set PG_BINDIR)");
  process.exit(2);
}
const engineOf = (date: { engine: Engine }): Engine => (programs ? ((values.engine as Engine | undefined) ?? date.engine) : 'pglite');

const logs = mkdtempSync(path.join(tmpdir(), 'kovanica-dated-'));
console.log(
  `${files.length} test files at ${dates.length} dates, ${parallel} at a time, on Node ${process.version}` +
    `${programs ? '' : " (PostgreSQL's programs not found: every date on PGlite)"} (logs in ${logs})`,
);

interface Result {
  at: string;
  why: string;
  engine: Engine;
  ok: boolean;
  seconds: number;
  summary: string;
  log: string;
}

/** The runs going on: stopped with the runner (CI stops its background legs when npm test fails). */
const running = new Set<ChildProcess>();
/** The PostgreSQL clusters of the dates under way: stopped and removed when their date ends or the runner is stopped. */
const clusters = new Set<Cluster>();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    for (const child of running) child.kill('SIGTERM');
    for (const cluster of clusters) cluster.stop();
    process.exit(1);
  });

/** A free TCP port on the loopback for a cluster (were another process to take it meanwhile, the cluster's start fails and says so). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

interface Cluster {
  url: string;
  stop(): void;
}

/**
 * What `faketime` gives the processes it starts, without its shared state: its library and the offset.
 * The program itself is not used: it waits for every process that shares its clock to end (the
 * cluster would keep it waiting), and its shared state cost a quarter of a date's time.
 */
const fakedClock = (fakedOffset: string) => ({ LD_PRELOAD: fakeTimeLibrary, FAKETIME: fakedOffset });

/**
 * A PostgreSQL cluster of the date's own, in a new directory, started under the date's faked clock
 * (the tests' offset, so `now()` agrees with `new Date()`). Durability is off: the cluster is thrown
 * away after its date. As root (CI) it runs as the `postgres` user: PostgreSQL refuses root.
 *
 * libfaketime keeps PostgreSQL's timers from firing (a statement time-out, a lock time-out never
 * comes): the one test of a statement time-out skips under it (`http/limits.test.ts`).
 */
async function startCluster(bin: string, fakedOffset: string): Promise<Cluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kovanica-dated-pg-'));
  const data = path.join(dir, 'data');
  const serverLog = path.join(dir, 'server.log');
  const asRoot = process.getuid?.() === 0;
  const run = (command: string[], { check = true } = {}) => {
    const [program = '', ...args] = asRoot ? ['runuser', '-u', 'postgres', '--', ...command] : command;
    const result = spawnSync(program, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    // The server's log is added by the caller, for a start that fails.
    if (check && result.status !== 0)
      throw new Error(`${command.join(' ')} failed: ${result.error?.message ?? ''}${result.stderr}${result.stdout}`);
  };
  if (asRoot) spawnSync('chown', ['postgres', dir]);
  run([path.join(bin, 'initdb'), '-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ];
  const cluster: Cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      if (!clusters.delete(cluster)) return;
      run([path.join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop'], { check: false });
      rmSync(dir, { recursive: true, force: true });
    },
  };
  clusters.add(cluster);
  try {
    const clock = Object.entries(fakedClock(fakedOffset)).map(([name, value]) => `${name}=${value}`);
    run(['env', ...clock, path.join(bin, 'pg_ctl'), '-D', data, '-l', serverLog, '-o', options.join(' '), 'start']);
    // Ready when it answers (not `pg_ctl -w`, whose wait never ended under the faked clock).
    const deadline = Date.now() + 60_000;
    let at: number | undefined;
    while (at === undefined) {
      const client = new pg.Client({ connectionString: cluster.url });
      try {
        await client.connect();
        at = (await client.query<{ at: number }>('select extract(epoch from now())::float8 * 1000 as at')).rows[0]?.at;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      } finally {
        await client.end().catch(() => {});
      }
    }
    // Its clock must be the faked one, or the date proves nothing.
    if (Math.abs(at - (Date.now() + Number(fakedOffset) * 1000)) > 60_000) {
      throw new Error(`its clock is ${new Date(at).toISOString()}, not the faked one`);
    }
  } catch (error) {
    const log = existsSync(serverLog) ? readFileSync(serverLog, 'utf8') : '';
    cluster.stop();
    throw new Error(`${error}\n${log}`);
  }
  return cluster;
}

async function runAt(date: { at: string; why: string; engine: Engine }): Promise<Result> {
  const started = Date.now();
  const engine = engineOf(date);
  // An offset, not an absolute start: every process (Vitest's workers, the servers the fault tests
  // start, the date's PostgreSQL) shares it, where `@…` would start each one's clock over.
  const offset = Math.round((Date.parse(date.at) - started) / 1000);
  const fakedOffset = `${offset >= 0 ? '+' : ''}${offset}`;
  const env: NodeJS.ProcessEnv = { ...process.env, TZ: 'UTC', NO_COLOR: '1' };
  delete env.DATABASE_URL;
  delete env.FORCE_COLOR;
  let cluster: Cluster | undefined;
  if (engine === 'postgres' && programs) {
    try {
      cluster = await startCluster(programs, fakedOffset);
    } catch (error) {
      const seconds = Math.round((Date.now() - started) / 1000);
      return { ...date, engine, ok: false, seconds, summary: 'its PostgreSQL did not start', log: String(error) };
    }
    env.DATABASE_URL = cluster.url;
  }
  Object.assign(env, fakedClock(fakedOffset));
  const child = spawn(
    process.execPath,
    [
      path.join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--project',
      'server',
      // In CI the leg runs beside npm test: the finance report's paging test, 18 s alone, went past
      // the 30 s of vitest.config.ts under such load. Time is not what the leg checks.
      '--testTimeout=120000',
      '--hookTimeout=120000',
      ...files,
    ],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  running.add(child);
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      running.delete(child);
      cluster?.stop();
      const log = out;
      const file = path.join(logs, `${date.at.replaceAll(':', '')}.log`);
      writeFileSync(file, log);
      const summary = log
        .split('\n')
        .filter((l) => /^\s*(Test Files|Tests|Start at)\s/.test(l))
        .map((l) => l.trim())
        .join('; ');
      resolve({ ...date, engine, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000), summary, log });
    });
  });
}

const started = Date.now();
const results: Result[] = [];
const queue = [...dates];
await Promise.all(
  Array.from({ length: Math.min(parallel, queue.length) }, async () => {
    for (let date = queue.shift(); date; date = queue.shift()) {
      const result = await runAt(date);
      results.push(result);
      console.log(
        `${result.ok ? 'passed' : 'FAILED'} at ${result.at} on ${result.engine === 'postgres' ? 'PostgreSQL' : 'PGlite'} in ${result.seconds} s (${result.why}): ${result.summary}`,
      );
    }
  }),
);
const failed = results.filter((r) => !r.ok);
for (const r of failed) {
  console.log(`\n== ${r.at}: the failures\n`);
  // The failures' part of Vitest's report (from its first FAIL line), else the whole log.
  const at = r.log.search(/^ FAIL /m);
  console.log(at >= 0 ? r.log.slice(at) : r.log);
}
console.log(
  `dated tests: ${results.length - failed.length} of ${results.length} dates passed in ${Math.round((Date.now() - started) / 1000)} s`,
);
process.exit(failed.length > 0 ? 1 : 0);
