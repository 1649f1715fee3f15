/**
 * Cluster benchmark (docs/deploy.md): on one PostgreSQL, one instance behind HAProxy and then two,
 * driven by the same mix of authenticated reads, writes and telemetry batches; the throughput of each
 * and their ratio. Beside it, where the CPU went in each run (the server processes, PostgreSQL,
 * HAProxy, the load generator), read from /proc: on a machine of few cores the ceiling is the cores,
 * and this says whose they were.
 *   npm run bench -- cluster [--duration 10] [--inflight 16]
 * Needs PostgreSQL (DATABASE_URL's server; a database of its own, dropped afterwards) and Debian's
 * `haproxy`. Target: two instances ≥ 1.7× one, or the measured reason why not.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { demoCredential, demoImei } from '../apps/server/src/demo/fleet.ts';
import { benchDatabase, demoAuthorization, here, machineBusySeconds, requester, serve, stop } from './support.ts';

const FLEET = 60;
const TICKS_PER_SECOND = 100;

/** CPU seconds (user and system) a process has used, from /proc/<pid>/stat; 0 once it is gone. */
function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** Every PostgreSQL process's CPU seconds (the server's backends, checkpointer, WAL writer…). */
function postgresSeconds(): number {
  let sum = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') sum += cpuSecondsOf(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return sum;
}

/** HAProxy in front of the given ports, in the foreground (its own process), until stopped. */
async function startProxy(ports: number[]): Promise<{ child: ChildProcess; port: number }> {
  const port = 18_000 + (process.pid % 1000);
  const dir = mkdtempSync(path.join(tmpdir(), 'kovanica-haproxy-'));
  const servers = ports.map((p, i) => `    server i${i} 127.0.0.1:${p} check inter 1s`).join('\n');
  // The same settings as deploy/haproxy.cfg, on the bench's ports and without its logging.
  const config = `global\n    maxconn 4096\ndefaults\n    mode http\n    timeout connect 5s\n    timeout client 60s\n    timeout server 60s\n    option http-keep-alive\nfrontend f\n    bind 127.0.0.1:${port}\n    default_backend b\nbackend b\n    balance leastconn\n    option httpchk GET /api/v2/health/ready\n${servers}\n`;
  writeFileSync(path.join(dir, 'haproxy.cfg'), config);
  const child = spawn('haproxy', ['-db', '-f', path.join(dir, 'haproxy.cfg')], { stdio: ['ignore', 'ignore', 'inherit'] });
  await new Promise((resolve, reject) => {
    child.once('error', reject);
    setTimeout(resolve, 500);
  });
  for (let i = 0; i < 50; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/v2/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, port };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('HAProxy did not answer');
}

interface Mix {
  manager: Record<string, string>;
  tagIds: number[];
  loggers: { imei: string; seq: number; busy: boolean }[];
}

/** One operation of the mix: 6 reads, 2 writes and 2 telemetry batches of 100 events in every 10. */
async function operation(n: number, base: string, mix: Mix, http: ReturnType<typeof requester>): Promise<void> {
  const kind = n % 10;
  let res: { status: number; text: string };
  if (kind < 6) {
    const url = kind % 2 === 0 ? '/api/v2/devices?itemsPerPage=30' : '/api/v2/locations?itemsPerPage=30';
    res = await http.request('GET', base + url, mix.manager);
  } else if (kind < 8) {
    const id = mix.tagIds[n % mix.tagIds.length];
    const colour = `#${(n % 0xffffff).toString(16).padStart(6, '0')}`;
    res = await http.request(
      'PATCH',
      `${base}/api/v2/tags/${id}`,
      { ...mix.manager, 'content-type': 'application/merge-patch+json' },
      JSON.stringify({ colour }),
    );
  } else {
    let logger = mix.loggers[n % FLEET];
    for (let i = 0; logger?.busy && i < FLEET; i++) logger = mix.loggers[(n + i) % FLEET];
    if (!logger || logger.busy) return;
    logger.busy = true;
    const now = Date.now();
    const events = Array.from({ length: 100 }, (_, i) => ({
      seq: logger.seq++,
      at: new Date(now - (100 - i) * 1000).toISOString(),
      type: 'coin',
      valueCents: 100,
      count: 1,
    }));
    res = await http.request(
      'POST',
      `${base}/api/v2/telemetry/batches`,
      { authorization: `Bearer ${demoCredential(logger.imei)}`, 'content-type': 'application/json' },
      JSON.stringify({ imei: logger.imei, events }),
    );
    logger.busy = false;
  }
  if (res.status >= 300) throw new Error(`operation ${kind}: ${res.status} ${res.text.slice(0, 200)}`);
}

/** Operations/s through the proxy for `ms`, and whose CPU it took. */
async function measure(base: string, mix: Mix, inflight: number, ms: number, servers: ChildProcess[], proxy: ChildProcess) {
  const http = requester(inflight);
  let n = 0;
  let done = 0;
  const loop = async (until: number) => {
    while (performance.now() < until) {
      await operation(n++, base, mix, http);
      done++;
    }
  };
  await Promise.all(Array.from({ length: inflight }, () => loop(performance.now() + 2000))); // warm-up
  const cpu = () => ({
    servers: servers.reduce((s, c) => s + cpuSecondsOf(c.pid ?? 0), 0),
    postgres: postgresSeconds(),
    proxy: cpuSecondsOf(proxy.pid ?? 0),
    generator: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
    machine: machineBusySeconds() ?? 0,
  });
  const before = cpu();
  done = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: inflight }, () => loop(started + ms)));
  const seconds = (performance.now() - started) / 1000;
  const after = cpu();
  http.close();
  const used = Object.fromEntries(Object.entries(after).map(([k, v]) => [k, (v - before[k as keyof typeof before]) / seconds]));
  return { operationsPerSecond: done / seconds, operations: done, seconds, coresBusy: used };
}

export async function main(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: { duration: { type: 'string', default: '10' }, inflight: { type: 'string', default: '16' } },
  });
  const ms = Number(values.duration) * 1000;
  const inflight = Number(values.inflight);
  const { dbArg, dropDb } = await benchDatabase('postgres');
  const started: ChildProcess[] = [];
  try {
    const one = await serve('app', dbArg);
    started.push(one.child);
    const direct = `http://127.0.0.1:${one.port}`;
    const manager = await demoAuthorization(direct, 'manager@zabavni.test');
    const tags = (await (await fetch(`${direct}/api/v2/tags?itemsPerPage=10`, { headers: manager })).json()) as {
      member: { id: number }[];
    };
    const mix: Mix = {
      manager,
      tagIds: tags.member.map((t) => t.id),
      loggers: Array.from({ length: FLEET }, (_, i) => ({ imei: demoImei(i + 1), seq: 1_000_000, busy: false })),
    };
    if (mix.tagIds.length === 0) throw new Error('the demo has no tags to write');

    const proxyOne = await startProxy([one.port]);
    const single = await measure(`http://127.0.0.1:${proxyOne.port}`, mix, inflight, ms, [one.child], proxyOne.child);
    proxyOne.child.kill();

    const two = await serve('app', dbArg);
    started.push(two.child);
    const proxyTwo = await startProxy([one.port, two.port]);
    const pair = await measure(`http://127.0.0.1:${proxyTwo.port}`, mix, inflight, ms, [one.child, two.child], proxyTwo.child);
    proxyTwo.child.kill();

    const ratio = pair.operationsPerSecond / single.operationsPerSecond;
    const cores = cpus().length;
    // What else ran on the machine meanwhile (another build, a browser): a figure measured beside it is not this bench's.
    const others = (r: typeof single) =>
      (r.coresBusy.machine ?? 0) - ['servers', 'postgres', 'proxy', 'generator'].reduce((sum, k) => sum + (r.coresBusy[k] ?? 0), 0);
    const row = (label: string, r: typeof single) =>
      console.log(
        `  ${label.padEnd(22)} ${r.operationsPerSecond.toFixed(0).padStart(6)} ops/s   cores busy: servers ${r.coresBusy.servers?.toFixed(2)}, PostgreSQL ${r.coresBusy.postgres?.toFixed(2)}, HAProxy ${r.coresBusy.proxy?.toFixed(2)}, load generator ${r.coresBusy.generator?.toFixed(2)}, anything else ${others(r).toFixed(2)}; machine ${r.coresBusy.machine?.toFixed(2)} of ${cores}`,
      );
    console.log(`\nCluster: 6 reads, 2 writes, 2 batches of 100 events in every 10 operations; ${inflight} in flight, ${ms / 1000} s each`);
    row('one instance', single);
    row('two instances', pair);
    console.log(`  ratio ${ratio.toFixed(2)} (target ≥ 1.7: ${ratio >= 1.7 ? 'met' : 'NOT met'})`);
    if ((single.coresBusy.machine ?? 0) > cores * 0.85)
      console.log(
        `  one instance already kept ${(single.coresBusy.machine ?? 0).toFixed(2)} of the machine's ${cores} cores busy: a second instance has no core to run on here; the split above says how much of it was the server against PostgreSQL and the load generator`,
      );
    mkdirSync(path.join(here, 'results'), { recursive: true });
    writeFileSync(
      path.join(here, 'results', 'cluster.json'),
      `${JSON.stringify({ bench: 'cluster', inflight, seconds: ms / 1000, cores, single, pair, ratio, target: 1.7, at: new Date().toISOString() }, null, 2)}\n`,
    );
  } finally {
    for (const child of started) await stop(child);
    await dropDb?.();
  }
}
