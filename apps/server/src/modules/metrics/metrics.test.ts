import { isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bills } from '../../db/schema/index.ts';
import { testApp } from '../../testing/app.ts';
import { createDeviceWithLogger, sendBatch, sendEvents } from '../../testing/fixtures.ts';

const t = await testApp();

/** One sample of the exposition format: a metric's name, its labels and its value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Reads Prometheus's text exposition format (version 0.0.4) as a scraper does: `# HELP`/`# TYPE`
 * lines, then `name{label="value",…} number` samples, labels' values with `\\`, `\"` and `\n`
 * escaped. Every line must be one of those: anything else fails the test.
 */
function parseExposition(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE ([a-zA-Z_:][\w:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type?.[1] && type[2]) {
      types.set(type[1], type[2]);
      continue;
    }
    if (/^# HELP [a-zA-Z_:][\w:]* .*$/.test(line)) continue;
    // Values as Go's ParseFloat reads them: NaN and Inf in any case (prom-client writes "Nan").
    const sample = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (-?[\d.e+-]+|nan|[+-]?inf)$/i.exec(line);
    if (!sample?.[1] || !sample[3]) throw new Error(`not a line of the exposition format: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (sample[2] ?? '').matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)",?/g))
      if (pair[1]) labels[pair[1]] = (pair[2] ?? '').replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    samples.push({ name: sample[1], labels, value: Number(sample[3]) });
  }
  return { types, samples };
}

const scrape = async (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1', app = t.app) =>
  app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });
const value = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

describe('/metrics', () => {
  it('counts requests by route pattern and status, in the exposition format', async () => {
    for (let i = 0; i < 3; i++) await t.as('manager', { url: '/api/v2/tags' });
    await t.as('manager', { url: '/api/v2/tags/999999' });
    await t.as(null, { url: '/api/v2/no-such-thing' });
    const answer = await scrape();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const { types, samples } = parseExposition(answer.body);
    expect(types.get('kovanica_http_request_duration_seconds')).toBe('histogram');
    const count = (route: string, status: string) =>
      value(samples, 'kovanica_http_request_duration_seconds_count', { method: 'GET', route, status });
    // The sign-in of the manager is a request too, but to another route.
    expect(count('/api/v2/tags', '200')).toBe(3);
    expect(count('/api/v2/tags/:id', '404')).toBe(1);
    // A path of no route is counted under one label, never under its own URL.
    expect(count('unmatched', '404')).toBeGreaterThanOrEqual(1);
    expect(samples.some((s) => s.labels.route?.includes('no-such-thing'))).toBe(false);
    // The process: memory and the event loop's delay.
    expect(value(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(types.get('nodejs_eventloop_lag_p99_seconds')).toBe('gauge');
  });

  it('counts telemetry events by outcome and the batches refused whole', async () => {
    const before = parseExposition((await scrape()).body).samples;
    const { logger } = await createDeviceWithLogger(t, {});
    const at = new Date(Date.now() - 60_000).toISOString();
    await sendEvents(t, logger, [
      { seq: 1, at, type: 'coin', valueCents: 100, count: 1 },
      { seq: 2, at, type: 'coin', valueCents: 200, count: 1 },
    ]);
    await sendEvents(t, logger, [{ seq: 2, at, type: 'coin', valueCents: 200, count: 1 }]);
    expect((await sendBatch(t, { ...logger, credential: 'not-the-credential' }, [])).statusCode).toBe(401);
    const after = parseExposition((await scrape()).body).samples;
    const grew = (name: string, labels: Record<string, string>) => (value(after, name, labels) ?? 0) - (value(before, name, labels) ?? 0);
    expect(grew('kovanica_telemetry_events_total', { outcome: 'accepted', transport: 'http' })).toBe(2);
    expect(grew('kovanica_telemetry_events_total', { outcome: 'duplicate', transport: 'http' })).toBe(1);
    expect(grew('kovanica_telemetry_batches_refused_total', { transport: 'http' })).toBe(1);
  });

  it("reports the database's figures: bills waiting for the Tax Administration and the oldest one's age", async () => {
    const [waiting] = await t.db
      .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${bills.issuedAt})` })
      .from(bills)
      .where(isNull(bills.jir));
    const { samples } = parseExposition((await scrape()).body);
    expect(value(samples, 'kovanica_bills_unfiscalized')).toBe(waiting?.count);
    const age = value(samples, 'kovanica_bills_oldest_unfiscalized_seconds') ?? -1;
    if (waiting?.oldest) expect(Math.abs(age - (Date.now() - new Date(waiting.oldest).getTime()) / 1000)).toBeLessThan(60);
    else expect(age).toBe(0);
    expect(value(samples, 'kovanica_exports_running')).toBe(0);
    expect(value(samples, 'kovanica_jobs_waiting')).toBeGreaterThanOrEqual(0);
  });

  it('answers this machine only, or whoever sends the token; anyone else finds nothing', async () => {
    expect((await scrape({}, '10.1.2.3')).statusCode).toBe(404);
    const guarded = await testApp({ metricsToken: 'a-scraper-token-of-32-characters' });
    expect((await scrape({}, '127.0.0.1', guarded.app)).statusCode).toBe(404);
    expect((await scrape({ authorization: 'Bearer wrong' }, '10.1.2.3', guarded.app)).statusCode).toBe(404);
    expect((await scrape({ authorization: 'Bearer a-scraper-token-of-32-characters' }, '10.1.2.3', guarded.app)).statusCode).toBe(200);
  });
});

describe('request ids', () => {
  it('every answer carries one: the proxy’s when it is a plain token, else a new one', async () => {
    const own = await t.as(null, { url: '/api/v2/health', headers: { 'x-request-id': 'proxy-7f3a.42' } });
    expect(own.headers['x-request-id']).toBe('proxy-7f3a.42');
    const odd = await t.as(null, { url: '/api/v2/health', headers: { 'x-request-id': 'evil\u0000id with spaces' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const none = await t.as(null, { url: '/api/v2/health' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(none.headers['x-request-id']).not.toBe(odd.headers['x-request-id']);
  });
});
