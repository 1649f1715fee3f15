/**
 * `npm run test:dated`: the server's test files that build their data relative to "now", run again
 * at fixed dates that have broken date code before, under a faked clock (libfaketime, Debian's
 * `faketime`; decision 0039). Each date is one Vitest run on PGlite (DATABASE_URL unset), so the
 * database's now() and the app's clock are the same faked clock; a server a test starts gets it too
 * (testing/process.ts). Prints each date's time and result, and exits 1 if one failed.
 *
 * `npm run test:dated -- 2027-03-28` runs the dates that start so; `--parallel N` runs N dates at a
 * time. One at a time is the default: a date's run keeps both cores busy (its three workers), and
 * two at a time took as long in all (365 s against 367 s for the six dates, on this 2-core machine).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** The dates (UTC; Zagreb is UTC+1 in winter, UTC+2 in summer), each with why it is here. */
const DATES: { at: string; why: string }[] = [
  {
    at: '2027-01-31T22:30:00Z',
    why: "a month's last day, 23:30 in Zagreb while UTC is still that day (yesterday, today, this month are Zagreb's); a month on has no 31st, a month back is 31 December",
  },
  {
    at: '2026-12-31T22:59:00Z',
    why: "New Year's Eve, 23:59 in Zagreb: a minute in, the run is in 2027 there (bill numbers start again at 1), UTC still in 2026",
  },
  { at: '2027-03-28T00:58:00Z', why: 'two minutes before the clocks go forward (01:00 UTC): a Zagreb day of 23 hours' },
  { at: '2027-10-31T00:58:00Z', why: 'two minutes before the clocks go back (01:00 UTC): a Zagreb day of 25 hours' },
  { at: '2028-02-29T12:00:00Z', why: '29 February: a year back or ahead has no such day' },
];

/** The server's test files that use the current time: found by these calls in their text. */
const USES_NOW = /Date\.now\(\)|new Date\(\)|businessDate\(\)/;
/**
 * Files that use it and are left out, each with why: what they check does not depend on the day, and
 * they would be most of the leg's time.
 */
const LEFT_OUT: Record<string, string> = {
  // Random inputs around now for every operation: it checks that no answer is a 500 or undocumented.
  // Four minutes, most of the unit suite's time.
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
  // PostgreSQL only (two server instances on one database): skipped on PGlite, where the leg runs.
  'apps/server/src/instances.test.ts': 'PostgreSQL only',
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
const { values, positionals } = parseArgs({ options: { parallel: { type: 'string', default: '1' } }, allowPositionals: true });
const parallel = Number(values.parallel);
if (!Number.isInteger(parallel) || parallel < 1) {
  console.error('usage: npm run test:dated -- [--parallel N] [date prefix…]');
  process.exit(2);
}

// libfaketime must be there: without it the runs would pass on today's date and prove nothing.
const probe = spawnSync('faketime', ['-f', '+86400', 'date', '-u', '+%F'], { encoding: 'utf8' });
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
if (probe.error || probe.status !== 0 || probe.stdout.trim() !== tomorrow) {
  console.error(
    `faketime is missing or does not fake the clock (${probe.error?.message ?? (probe.stderr.trim() || probe.stdout.trim())}).\n` +
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
const logs = mkdtempSync(path.join(tmpdir(), 'kovanica-dated-'));
console.log(`${files.length} test files at ${dates.length} dates, ${parallel} at a time, on Node ${process.version} (logs in ${logs})`);

interface Result {
  at: string;
  why: string;
  ok: boolean;
  seconds: number;
  summary: string;
  log: string;
}

/** The runs going on: stopped with the runner (CI stops its background legs when npm test fails). */
const running = new Set<ChildProcess>();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    for (const child of running) child.kill('SIGTERM');
    process.exit(1);
  });

function runAt(date: { at: string; why: string }): Promise<Result> {
  const started = Date.now();
  // An offset, not an absolute start: every process (Vitest's workers, the servers the fault tests
  // start) shares it, where `@…` would start each one's clock over.
  const offset = Math.round((Date.parse(date.at) - started) / 1000);
  const env: NodeJS.ProcessEnv = { ...process.env, TZ: 'UTC', NO_COLOR: '1' };
  delete env.DATABASE_URL;
  delete env.FORCE_COLOR;
  const child = spawn(
    'faketime',
    [
      '-f',
      `${offset >= 0 ? '+' : ''}${offset}`,
      process.execPath,
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
      const log = out;
      const file = path.join(logs, `${date.at.replaceAll(':', '')}.log`);
      writeFileSync(file, log);
      const summary = log
        .split('\n')
        .filter((l) => /^\s*(Test Files|Tests|Start at)\s/.test(l))
        .map((l) => l.trim())
        .join('; ');
      resolve({ ...date, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000), summary, log });
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
      console.log(`${result.ok ? 'passed' : 'FAILED'} at ${result.at} in ${result.seconds} s (${result.why}): ${result.summary}`);
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
