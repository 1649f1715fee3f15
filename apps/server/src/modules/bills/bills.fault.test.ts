import type { Collection, Device } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { demoCredential } from '../../demo/fleet.ts';
import { faultServerEnv, type Started, startServer } from '../../testing/process.ts';
import { LATE_AFTER_SECONDS } from './bills.sender.ts';

/**
 * The fiscal fault test: live ingestion of some thousands of coin payments on part of the
 * demo fleet while the simulated CIS refuses connections, then CIS back and the server killed with
 * SIGKILL while it sends, and started again. Afterwards every payment has exactly one bill, every
 * sequence runs 1..n without a gap or a duplicate and never against issue time, every bill has its JIR
 * within the limit, each bill went at most once without `NakDost` (first, and in time) and every other
 * send was a late delivery with its original ZKI.
 */
const DEVICES = Number(process.env.FISCAL_FAULT_DEVICES ?? 10);
const PAYMENTS = Number(process.env.FISCAL_FAULT_PAYMENTS ?? 200);
const BATCH = 25;
const { env, dataDir, dispose } = await faultServerEnv('fiscal-fault');
afterAll(dispose);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function signIn(url: string, email: string) {
  const res = await fetch(`${url}/api/v2/authentication_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'kovanica-demo' }),
  });
  return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

describe('fiscalization under faults', () => {
  it('loses no bill and sends none twice without NakDost through an outage of CIS and a kill -9', { timeout: 420_000 }, async () => {
    let server: Started = await startServer(env);
    // A failing check leaves no server behind.
    onTestFinished(() => {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    });
    const manager = await signIn(server.url, 'manager@zabavni.test');
    const fleet = (
      (await (
        await fetch(`${server.url}/api/v2/devices?itemsPerPage=${DEVICES}&order[id]=asc`, { headers: manager })
      ).json()) as Collection<Device>
    ).member.filter((d) => d.fiscalizeApplied && d.isuNumber && d.imei);
    expect(fleet.length).toBe(DEVICES);
    const simulator = async (mode: 'up' | 'refuse') => {
      const res = await fetch(`${server.url}/api/v2/cis-simulator`, {
        method: 'PATCH',
        headers: { ...(await signIn(server.url, 'admin@kovanica.test')), 'content-type': 'application/merge-patch+json' },
        body: JSON.stringify({ mode }),
      });
      expect(res.status).toBe(200);
    };
    /** The fleet's bills still without a JIR, as the unfiscalized list counts them. */
    const tokens = new Map<string, Record<string, string>>();
    const unfiscalized = () => count('bills?status=unfiscalized&kind=device');

    // Each device's coins over the last hours, in batches a logger sends one after the other.
    const now = Date.now();
    const plans = fleet.map((d) => {
      const events = Array.from({ length: PAYMENTS }, (_, i) => ({
        seq: i + 1,
        at: new Date(now - (PAYMENTS - i) * 20_000).toISOString(),
        type: 'coin' as const,
        valueCents: 100,
        count: 1,
      }));
      const batches = [];
      for (let i = 0; i < events.length; i += BATCH) batches.push(events.slice(i, i + BATCH));
      return { imei: d.imei as string, batches };
    });
    let restarting: Promise<void> | null = null;
    let killed = false;
    /** Like a logger: a batch not acknowledged is sent again until it is. */
    const deliver = async (imei: string, events: unknown[]) => {
      for (;;) {
        if (restarting) await restarting;
        try {
          const res = await fetch(`${server.url}/api/v2/telemetry/batches`, {
            method: 'POST',
            headers: { authorization: `Bearer ${demoCredential(imei)}`, 'content-type': 'application/json' },
            body: JSON.stringify({ imei, events }),
          });
          if (res.status === 200) return;
          throw new Error(`status ${res.status}: ${await res.text()}`);
        } catch (error) {
          if (!killed) throw error;
          await sleep(100);
        }
      }
    };
    const sendBatches = (from: number, to: number) =>
      Promise.all(
        plans.map(async (plan) => {
          for (const batch of plan.batches.slice(from, to)) await deliver(plan.imei, batch);
        }),
      );

    const count = async (query: string) => {
      const headers = tokens.get(server.url) ?? (await signIn(server.url, 'manager@zabavni.test'));
      tokens.set(server.url, headers);
      const res = await fetch(`${server.url}/api/v2/${query}&itemsPerPage=1`, { headers });
      return ((await res.json()) as Collection<unknown>).totalItems ?? Number.NaN;
    };

    // CIS refuses connections while the first half comes in: the bills are issued, sent, refused.
    await simulator('refuse');
    const half = Math.ceil(PAYMENTS / BATCH / 2);
    const firstHalf = DEVICES * half * BATCH;
    await sendBatches(0, half);
    expect(await unfiscalized()).toBe(firstHalf);
    // During an outage a sweep tries one batch (100) and stops: the rest waits for CIS to answer again.
    for (let waited = 0; (await count('bill-attempts?outcome=network')) < 100 && waited < 90_000; waited += 200) await sleep(200);
    expect(await count('bill-attempts?outcome=network')).toBeGreaterThanOrEqual(100);

    // CIS is back; the second half comes in, and the server is killed while it sends.
    await simulator('up');
    const rest = sendBatches(half, Number.POSITIVE_INFINITY);
    const total = DEVICES * PAYMENTS;
    for (let waited = 0; (await count('bills?status=fiscalized&kind=device')) < total * 0.1 && waited < 120_000; waited += 50)
      await sleep(50);
    console.info(`fiscal fault test: killed with ${await unfiscalized()} of ${total} unfiscalized`);
    killed = true;
    server.child.kill('SIGKILL');
    restarting = (async () => {
      await new Promise((r) => server.child.once('exit', r));
      server = await startServer(env);
      restarting = null;
    })();
    await restarting;
    await rest;

    // Nobody presses a button: the sender finishes on its own.
    const killedAt = performance.now();
    let left = await unfiscalized();
    for (let waited = 0; left > 0 && waited < 240_000; waited += 1000) {
      await sleep(1000);
      left = await unfiscalized();
      if (waited % 10_000 === 0)
        console.info(`fiscal fault test: ${left} unfiscalized ${Math.round((performance.now() - killedAt) / 1000)} s after the kill`);
    }
    expect(left).toBe(0);
    expect(await server.stop(), server.output()).toBe(0);

    const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir });
    try {
      const rows = <T>(query: ReturnType<typeof sql>) => database.db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);
      const imeis = plans.map((p) => p.imei);
      const inFleet = sql`e.logger_id in (select id from loggers where imei = any(${`{${imeis.join(',')}}`}::text[]))`;
      // Every payment has exactly one bill, and every bill its JIR, within the two days.
      const [matched] = await rows<{ payments: number; billed: number; bills: number; fiscalized: number; late: number }>(sql`
        select count(*)::int as payments, count(b.id)::int as billed, count(distinct b.id)::int as bills,
          count(b.jir)::int as fiscalized, count(*) filter (where b.fiscalized_at > b.issued_at + interval '48 hours')::int as late
        from telemetry_events e left join bills b on b.logger_id = e.logger_id and b.seq = e.seq
        where ${inFleet} and e.type = 'coin'`);
      expect(matched).toEqual({ payments: total, billed: total, bills: total, fiscalized: total, late: 0 });
      // Each device's numbers run 1..n in each year: no gap, no duplicate. The payments of the last hour
      // are in two years when the test runs just after midnight on New Year's Day in Zagreb: the
      // numbers start again at 1 in the new one.
      const sequences = await rows<{ device: string; n: number; first: number; last: number; distinct: number }>(sql`
        select b.premises || '/' || b.isu as device, count(*)::int as n, min(b.number)::int as first, max(b.number)::int as last,
          count(distinct b.number)::int as distinct
        from bills b join telemetry_events e on e.logger_id = b.logger_id and e.seq = b.seq
        where ${inFleet} group by b.premises, b.isu, b.year`);
      const perDevice = new Map<string, number>();
      for (const s of sequences) perDevice.set(s.device, (perDevice.get(s.device) ?? 0) + s.n);
      expect([...perDevice.values()]).toEqual(Array(DEVICES).fill(PAYMENTS));
      for (const s of sequences) expect(s).toEqual({ device: s.device, n: s.n, first: 1, last: s.n, distinct: s.n });
      // A higher number is never issued at an earlier time (decision 0041).
      const [order] = await rows<{ backwards: number }>(sql`
        select count(*) filter (where back)::int as backwards from (
          select b.issued_at < lag(b.issued_at) over (partition by b.premises, b.isu, b.year order by b.number) as back
          from bills b join telemetry_events e on e.logger_id = b.logger_id and e.seq = b.seq where ${inFleet}) x`);
      expect(order?.backwards).toBe(0);
      // Each bill went at most once without NakDost, first, and only within two minutes of its issue
      // (docs/rules.md, "Late delivery"); every other send was late, with the bill's ZKI.
      const [sends] = await rows<{
        bills: number;
        firsts: number;
        wrong: number;
        sends: number;
        cutOff: number;
        lateJirs: number;
        firstFailed: number;
      }>(sql`
        with a as (
          select x.*, b.zki, b.issued_at, row_number() over (partition by x.bill_id order by x.id) as nth
          from bill_attempts x join bills b on b.id = x.bill_id
          where b.logger_id in (select id from loggers where imei = any(${`{${imeis.join(',')}}`}::text[]))
        )
        select count(distinct bill_id)::int as bills, count(*) filter (where nth = 1)::int as firsts,
          count(*) filter (where late <> (nth > 1 or at > issued_at + ${LATE_AFTER_SECONDS} * interval '1 second')
            or position('<tns:NakDost>' || late::text || '</tns:NakDost>' in request_xml) = 0
            or position('<tns:ZastKod>' || zki || '</tns:ZastKod>' in request_xml) = 0)::int as wrong,
          count(*)::int as sends, count(*) filter (where outcome is null)::int as "cutOff",
          count(*) filter (where outcome = 'jir' and nth > 1)::int as "lateJirs",
          count(*) filter (where nth = 1 and outcome is distinct from 'jir')::int as "firstFailed"
        from a`);
      expect(sends).toMatchObject({ bills: total, firsts: total, wrong: 0 });
      // Every bill whose first send was refused (or cut off) was fiscalized by a resend.
      expect(sends?.firstFailed).toBeGreaterThan(0);
      expect(sends?.lateJirs).toBe(sends?.firstFailed);
      console.info(
        `fiscal fault test: ${total} bills, ${sends?.sends} sends, ${sends?.lateJirs} fiscalized as late deliveries, ${sends?.cutOff} sends cut off by the kill`,
      );
    } finally {
      await database.close();
    }
  });
});
