import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Alarm, Device } from '@kovanica/contract';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCredential, demoImei } from './demo/fleet.ts';
import { DEMO_PASSWORD } from './demo/seed.ts';
import { faultServerEnv, type Started, startServer } from './testing/process.ts';
import { openLive } from './testing/sse.ts';

// Two server instances on one PostgreSQL, with the same secrets: the way an operator runs Kovanica once
// one machine is not enough (docs/api.md, "Limits" and "Caching"). Every limit, every revocation and
// the read cache must hold across them, as they hold on one.
const SECRETS = {
  JWT_SECRET: 'two-instances-share-this-jwt-secret-0123456789',
  FISCAL_KEY_SECRET: 'two-instances-share-this-fiscal-secret-0123456',
};

/** The kill test's load: loggers sending at once, events a batch. */
const LOGGERS = 6;
const BATCH = 50;

describe.skipIf(!process.env.DATABASE_URL)('two instances on one database', () => {
  let a: Started;
  let b: Started;
  let databaseUrl = '';
  let dispose = async () => {};
  const bDir = mkdtempSync(path.join(tmpdir(), 'kovanica-b-'));
  beforeAll(async () => {
    const { env, ...made } = await faultServerEnv('instances');
    dispose = made.dispose;
    databaseUrl = env.DATABASE_URL ?? '';
    // The first seeds the demo; the second starts on the seeded database (its own directory: each
    // instance's files are its own, the secrets are given).
    a = await startServer({ ...env, ...SECRETS });
    b = await startServer({ ...env, ...SECRETS, SEED_DEMO: '0', DATA_DIR: bDir });
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await dispose();
    rmSync(bDir, { recursive: true, force: true });
  });

  const call = async (server: Started, url: string, init: RequestInit & { token?: string } = {}) => {
    const res = await fetch(`${server.url}${url}`, {
      ...init,
      headers: {
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.body ? { 'content-type': init.method === 'PATCH' ? 'application/merge-patch+json' : 'application/json' } : {}),
        ...init.headers,
      },
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> };
  };
  const login = (server: Started, email: string, password = DEMO_PASSWORD, address = '') =>
    call(server, '/api/v2/authentication_token', {
      method: 'POST',
      body: JSON.stringify({ email, password }),
      headers: address ? { 'x-forwarded-for': address } : {},
    });
  const tokenOf = async (server: Started, email: string, password = DEMO_PASSWORD) => {
    const res = await login(server, email, password);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.token as string;
  };

  it('sees a write through one on the other within milliseconds: the read cache stays coherent (the lag printed)', async () => {
    const onA = await tokenOf(a, 'manager@zabavni.test');
    const onB = await tokenOf(b, 'manager@zabavni.test');
    const created = await call(a, '/api/v2/tags', {
      method: 'POST',
      token: onA,
      body: JSON.stringify({ name: 'Dvije instance 0', colour: '#1e88e5' }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body['@id'] as string;
    const lags: number[] = [];
    let staleFirstReads = 0;
    for (let i = 1; i <= 20; i++) {
      // B has the tag cached as it was…
      expect((await call(b, id, { token: onB })).body.name).toBe(`Dvije instance ${i - 1}`);
      // …A changes it, and from A's answer on B shows the change.
      const name = `Dvije instance ${i}`;
      expect((await call(a, id, { method: 'PATCH', token: onA, body: JSON.stringify({ name }) })).status).toBe(200);
      const answered = performance.now();
      let seen = (await call(b, id, { token: onB })).body.name;
      if (seen !== name) staleFirstReads++;
      while (seen !== name && performance.now() - answered < 2_000) seen = (await call(b, id, { token: onB })).body.name;
      lags.push(performance.now() - answered);
      expect(seen).toBe(name);
    }
    console.info(
      `cache lag across instances: max ${Math.max(...lags).toFixed(1)} ms over ${lags.length} writes, ${staleFirstReads} stale first reads`,
    );
    // The answer waits for the bump to reach PostgreSQL, so the other instance mostly has it before the
    // next read arrives: on an idle machine 0–1 stale first reads of 20 and at most 13 ms (before: 13
    // stale, 65 ms). A loaded machine (CI runs other suites beside this one) is slower: the test holds
    // a bound such a machine keeps; without the notification the other instance would wait out its
    // cache's 30 s.
    expect(Math.max(...lags)).toBeLessThan(1_000);
  });

  it('tells a client of B of an alarm raised through A within a few seconds (the latency printed), and B reads it', async () => {
    // Live updates (docs/api.md "Live updates"): A's sweep bumps `alarms`, LISTEN/NOTIFY carries it to B's streams.
    const onB = await tokenOf(b, 'manager@zabavni.test');
    const devices = await call(b, '/api/v2/devices?itemsPerPage=50&critical=false&order[id]=asc', { token: onB });
    const device = (devices.body.member as Device[]).find((d) => d.imei && d.location && !d.state.serviceMode);
    if (!device?.imei) throw new Error('no demo device with a logger');
    const live = await openLive(b.url, onB);
    expect(live.status).toBe(200);

    const code = `LIVE-${Date.now() % 100_000}`;
    const sent = performance.now();
    const batch = await call(a, '/api/v2/telemetry/batches', {
      method: 'POST',
      headers: { authorization: `Bearer kvl_demo_${device.imei}` },
      body: JSON.stringify({ imei: device.imei, events: [{ seq: 1, at: new Date().toISOString(), type: 'alarm', code, critical: true }] }),
    });
    expect(batch.status).toBe(200);
    const event = await live.next('alarms', 5_000, sent);
    const heard = event.at - sent;
    const alarms = await call(b, `/api/v2/alarms?kind=device_critical&device=${encodeURIComponent(device['@id'])}`, { token: onB });
    const read = performance.now() - sent;
    expect((alarms.body.member as Alarm[]).map((x) => x.code)).toContain(code);
    console.info(`alarm across instances: batch to A → event on B ${heard.toFixed(0)} ms, → read from B ${read.toFixed(0)} ms`);
    expect(heard).toBeLessThan(5_000);
    live.close();
  });

  it('counts sign-in attempts once for both: alternating wrong passwords meet the limit at the 11th', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await login(i % 2 ? b : a, 'accountant@zabavni.test', `wrong-${i}`)).status);
    // Ten per account in 15 minutes (before: 20 across two instances, each counting its own).
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(codes.slice(10)).toEqual([429, 429]);
    // Locked on one, locked on the other, the right password too.
    expect((await login(a, 'accountant@zabavni.test')).status).toBe(429);
    expect((await login(b, 'accountant@zabavni.test')).status).toBe(429);
  });

  it('ends a sign-in on both the moment the password changes on one', async () => {
    const email = 'worker@zabavni.test';
    let password = DEMO_PASSWORD;
    const own = `/api/v2/users?email=${email}`;
    const lags: number[] = [];
    for (let i = 0; i < 8; i++) {
      const old = await tokenOf(b, email, password);
      // Read on B: B's cache holds the user's access.
      const me = await call(b, own, { token: old });
      expect(me.status).toBe(200);
      const next = `nova-lozinka-${i}-zeleni-bicikl`;
      const id = (me.body.member as { '@id': string }[])[0]?.['@id'] ?? '';
      const patched = await call(a, id, {
        method: 'PATCH',
        token: old,
        body: JSON.stringify({ password: next, currentPassword: password }),
      });
      expect(patched.status, JSON.stringify(patched.body)).toBe(200);
      password = next;
      // On the other instance the old token is refused within milliseconds of the change's answer.
      const answered = performance.now();
      let status = (await call(b, own, { token: old })).status;
      while (status === 200 && performance.now() - answered < 2_000) status = (await call(b, own, { token: old })).status;
      lags.push(performance.now() - answered);
      expect(status).toBe(401);
    }
    console.info(`revocation across instances: max ${Math.max(...lags).toFixed(1)} ms over ${lags.length} password changes`);
    // Within 12 ms on an idle machine (and the old sign-in survived before); a loaded one is slower.
    expect(Math.max(...lags)).toBeLessThan(1_000);
  });

  it('locks a worker after five wrong PINs, whichever instance each reaches', async () => {
    const manager = await tokenOf(a, 'manager@zabavni.test');
    const place = ((await call(a, '/api/v2/pos-locations', { token: manager })).body.member as { '@id': string; id: number }[])[0];
    const key = (await call(a, `${place?.['@id']}/terminal-key`, { method: 'POST', token: manager })).body.terminalKey as string;
    const workers = (await call(a, '/api/v2/pos-workers?itemsPerPage=100', { token: manager })).body.member as {
      id: number;
      posLocation: string;
    }[];
    const worker = workers.find((w) => w.posLocation === place?.['@id']);
    const signIn = (server: Started, pin: string) =>
      call(server, '/api/v2/pos/sessions', { method: 'POST', token: key, body: JSON.stringify({ worker: worker?.id, pin }) });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await signIn(i % 2 ? b : a, '0000')).status);
    expect(codes).toEqual([401, 401, 401, 401, 429]);
    expect((await signIn(b, '4711')).status).toBe(429);
    expect((await signIn(a, '4711')).status).toBe(429);
  });

  it('lets a company read two files at once across both instances', async () => {
    const manager = await tokenOf(a, 'manager@zabavni.test');
    // Two workbooks of 20,000 rows keep A's reader threads busy a few seconds; B gets a file meanwhile.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Artikli');
    sheet.addRow(['name', 'unit']);
    for (let i = 0; i < 20_000; i++) sheet.addRow([`Artikl ${i}`, 'kom']);
    const content = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
    const file = (format: string, text: string) =>
      JSON.stringify({ kind: 'articles', fileName: `artikli.${format}`, content: text, format, confirm: false });
    const slow = [a, a].map((server) => call(server, '/api/v2/imports', { method: 'POST', token: manager, body: file('xlsx', content) }));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const third = await call(b, '/api/v2/imports', { method: 'POST', token: manager, body: file('csv', 'name;unit\nA;kom\n') });
    expect(third.status).toBe(429);
    expect(third.body.type).toBe('/api/v2/problems/uploads_in_progress');
    expect((await Promise.all(slow)).map((r) => r.status)).toEqual([200, 200]);
  }, 90_000);

  /** A logger's batch to one instance: its answer, or null when the connection failed (the instance is gone). */
  const send = async (server: Started, imei: string, first: number) => {
    const events = Array.from({ length: BATCH }, (_, i) => ({
      seq: first + i,
      at: new Date(Date.now() - (BATCH - i) * 1000).toISOString(),
      type: 'coin',
      valueCents: 100,
      count: 1,
    }));
    try {
      const res = await fetch(`${server.url}/api/v2/telemetry/batches`, {
        method: 'POST',
        headers: { authorization: `Bearer ${demoCredential(imei)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ imei, events }),
        signal: AbortSignal.timeout(10_000),
      });
      return res.status === 200 ? ((await res.json()) as { accepted: number; duplicates: number }) : null;
    } catch {
      return null;
    }
  };

  // Last, as it kills A (kill -9) under load (docs/deploy.md "Rolling restart"). A client whose request
  // failed sends it again to the other instance, as the proxy does (`retry-on conn-failure`, `option
  // redispatch` in deploy/haproxy.cfg). Nothing acknowledged is lost, nothing is counted twice: a
  // logger's batch carries its events' seqs, taken exactly once.
  it('loses no acknowledged batch and counts none twice when one is killed under load, the failed ones answered by the other', async () => {
    const acknowledged = new Map<string, number[]>();
    let retried = 0;
    const until = Date.now() + 5_000;
    const logger = async (index: number) => {
      const imei = demoImei(index + 1);
      const seqs: number[] = [];
      acknowledged.set(imei, seqs);
      for (let first = 1, turn = index; Date.now() < until; first += BATCH, turn++) {
        // Spread over both, as the proxy does, whether or not one is gone (a client learns it by the
        // refused connection); a failure goes to the other one. After the kill every other batch fails
        // first, so the retries are there however the kill fell among the requests.
        let target = turn % 2 === 0 ? a : b;
        let answer = await send(target, imei, first);
        while (answer === null) {
          retried++;
          target = target === a ? b : a;
          answer = await send(target, imei, first);
          if (answer === null && Date.now() > until + 20_000) throw new Error(`batch ${first} of ${imei} never acknowledged`);
        }
        expect(answer.accepted + answer.duplicates).toBe(BATCH);
        for (let i = 0; i < BATCH; i++) seqs.push(first + i);
      }
    };
    const load = Promise.all(Array.from({ length: LOGGERS }, (_, i) => logger(i)));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    a.child.kill('SIGKILL');
    await load;

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      for (const [imei, seqs] of acknowledged) {
        const { rows } = await client.query<{ seq: string; n: string }>(
          `select e.seq, count(*) as n from telemetry_events e join loggers l on l.id = e.logger_id
           where l.imei = $1 and e.seq >= 1 and e.seq <= $2 group by e.seq`,
          [imei, seqs.length],
        );
        const stored = new Map(rows.map((r) => [Number(r.seq), Number(r.n)]));
        // Every acknowledged event is there, once.
        expect(seqs.filter((s) => stored.get(s) !== 1)).toEqual([]);
        expect(stored.size).toBe(seqs.length);
      }
    } finally {
      await client.end();
    }
    // The kill happened under load: requests to the killed instance failed and were answered by the other.
    expect(retried).toBeGreaterThan(0);
    const sent = [...acknowledged.values()].reduce((n, s) => n + s.length, 0);
    console.log(`${sent} events acknowledged by two instances, one killed after 1.5 s; ${retried} requests sent again to the other`);
  }, 90_000);
});
