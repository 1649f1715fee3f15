/**
 * A first start (decision 0044): `npm start` as a user runs it, on a new embedded database in a
 * temporary folder. Prints the seconds until the server listens, until the dashboard's API answers
 * with data for the demo manager (signed in with the demo login: `GET /dashboard/summary` with the
 * fleet and `GET /dashboard/figures`), and whether the web build was reused or made; then the
 * background history's write rate (events/s) and the seconds until it is done. The baseline, measured
 * in the same run: a later start of the same folder, its demo whole (`--no-restart` leaves it out).
 *   npm run bench -- first-start [--no-restart] [--keep]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { demoAuthorization, here } from './support.ts';

const root = path.join(here, '..');

interface Started {
  child: ChildProcess;
  began: number;
  lines: string[];
  /** Resolves with the line that matches, or rejects when the start exits first. */
  line: (pattern: RegExp) => Promise<RegExpExecArray>;
}

/** `npm start` in its own process group, its output kept (and echoed, dimmed, as it comes). */
function npmStart(dataDir: string): Started {
  const began = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', LOG_LEVEL: 'warn' },
  });
  const lines: string[] = [];
  const waiting: { pattern: RegExp; resolve: (m: RegExpExecArray) => void; reject: (e: Error) => void }[] = [];
  const seen = (line: string) => {
    lines.push(line);
    console.log(`  \x1b[2m${((performance.now() - began) / 1000).toFixed(1).padStart(6)} s | ${line}\x1b[0m`);
    for (const w of [...waiting]) {
      const m = w.pattern.exec(line);
      if (m) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(m);
      }
    }
  };
  for (const stream of [child.stdout, child.stderr]) if (stream) createInterface({ input: stream }).on('line', seen);
  child.once('exit', (code) => {
    for (const w of waiting.splice(0)) w.reject(new Error(`npm start exited (${code}) before a line matching ${w.pattern}`));
  });
  return {
    child,
    began,
    lines,
    line: (pattern) => {
      const found = lines.map((l) => pattern.exec(l)).find((m) => m);
      return found ? Promise.resolve(found) : new Promise((resolve, reject) => waiting.push({ pattern, resolve, reject }));
    },
  };
}

async function stopStart(started: Started): Promise<void> {
  if (started.child.exitCode !== null || started.child.signalCode !== null) return;
  const exited = new Promise((resolve) => started.child.once('exit', resolve));
  process.kill(-(started.child.pid as number), 'SIGTERM');
  await exited;
}

const since = (began: number) => (performance.now() - began) / 1000;

/** Seconds until the demo manager's dashboard answers with data: signed in, the fleet counted, the money figures read. */
async function dashboardAnswers(base: string, began: number): Promise<number> {
  for (;;) {
    try {
      const headers = await demoAuthorization(base, 'manager@zabavni.test');
      const summary = await fetch(`${base}/api/v2/dashboard/summary`, { headers });
      const figures = await fetch(`${base}/api/v2/dashboard/figures`, { headers });
      if (summary.ok && figures.ok && ((await summary.json()) as { devices: number }).devices > 0) return since(began);
    } catch {
      // not answering yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function main(argv: string[]) {
  const { values } = parseArgs({ args: argv, options: { 'no-restart': { type: 'boolean' }, keep: { type: 'boolean' } } });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kovanica-first-start-'));
  console.log(`\nFirst start: npm start on a new embedded database in ${dataDir}, ${os.cpus().length} cores`);
  let started = npmStart(dataDir);
  try {
    const [, port] = await started.line(/running at http:\/\/[^:]+:(\d+)/);
    const listening = since(started.began);
    const base = `http://127.0.0.1:${port}`;
    const dashboard = await dashboardAnswers(base, started.began);
    console.log(
      `  → listening after ${listening.toFixed(1)} s, the manager's dashboard answered with data after ${dashboard.toFixed(1)} s`,
    );
    const page = await fetch(`${base}/`);
    const rebuilt = started.lines.some((l) => /building it/.test(l));
    const done = await started.line(/demo history: done in ([\d.]+) s, ([\d,]+) events(?: at ([\d,]+) events\/s)?/);
    const untilDone = since(started.began);
    const status = (await (await fetch(`${base}/api/v2/dashboard/demo-history`, { headers: await demoAuthorization(base) })).json()) as {
      state: string;
      months: number;
    };
    await stopStart(started);

    const results: [string, string][] = [
      ['web build', rebuilt ? 'made by the start (missing or older than its sources)' : 'reused (up to date)'],
      ['listening', `${listening.toFixed(1)} s`],
      ['dashboard answers with data (manager)', `${dashboard.toFixed(1)} s  (page / answered ${page.status})`],
      ['history written', `${done[2]} events in ${done[1]} s, ${done[3] ?? '?'} events/s, ${status.months} months, status ${status.state}`],
      ['history done after the start', `${untilDone.toFixed(1)} s`],
    ];
    if (!values['no-restart']) {
      started = npmStart(dataDir);
      await started.line(/running at http:\/\/[^:]+:(\d+)/);
      const [, again] = /running at http:\/\/[^:]+:(\d+)/.exec(started.lines.find((l) => /running at/.test(l)) ?? '') ?? [];
      const later = await dashboardAnswers(`http://127.0.0.1:${again}`, started.began);
      const laterBuilt = started.lines.some((l) => /building it/.test(l));
      await stopStart(started);
      results.push([
        'baseline: a later start, dashboard answers',
        `${later.toFixed(1)} s${laterBuilt ? ' (it built the web app first: a source changed meanwhile)' : ''}`,
      ]);
    }
    console.log('');
    for (const [label, value] of results) console.log(`  ${label.padEnd(44)} ${value}`);
    mkdirSync(path.join(here, 'results'), { recursive: true });
    writeFileSync(
      path.join(here, 'results', `first-start-${Date.now()}.json`),
      `${JSON.stringify(Object.fromEntries(results), null, 2)}\n`,
    );
  } finally {
    await stopStart(started);
    if (values.keep) console.log(`  kept ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}
