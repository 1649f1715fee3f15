/**
 * The server's metrics in Prometheus's format (decision 0058; docs/deploy.md "What to watch"), with
 * prom-client: requests by route, method and status with their latency, telemetry events by outcome,
 * the database pool, and the process's memory and event-loop delay. Each app has a registry of its
 * own (tests build many apps in one process); the process's figures are registered once per process.
 */
import type { LoggerTransport, TelemetryAnswer } from '@kovanica/contract';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** The figures read from the database at each scrape (`modules/metrics/metrics.service.ts`). */
export interface OperationalFigures {
  /** Background jobs waiting to run now (pg-boss, created or to retry, due), and the oldest one's age. */
  jobsWaiting: number;
  oldestJobSeconds: number;
  /** Bills not yet fiscalized (no JIR), and the oldest one's age: the law gives 48 hours. */
  billsUnfiscalized: number;
  oldestUnfiscalizedSeconds: number;
  /** Exports queued and running. */
  exportsQueued: number;
  exportsRunning: number;
}

let processRegistry: Registry | null = null;
/** Memory, CPU, event-loop delay, handles: one process, one set (prom-client's default metrics). */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
  }
  return processRegistry;
}

/** How a logger's batch came. */
export type Transport = LoggerTransport;

/** The database pool's connections (PostgreSQL); none on PGlite's one connection. */
export type PoolStats = () => { total: number; idle: number; waiting: number };

/** Latency buckets, seconds: a cached read is ~1 ms, a report up to a few hundred, an export's request less. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Histogram({
    name: 'kovanica_http_request_duration_seconds',
    help: 'HTTP requests by method, route (its pattern; "unmatched" for none) and status, with their duration',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: BUCKETS,
    registers: [this.registry],
  });
  private readonly events = new Counter({
    name: 'kovanica_telemetry_events_total',
    help: 'Telemetry events received from loggers, by outcome (accepted, duplicate) and transport (http, mqtt)',
    labelNames: ['outcome', 'transport'] as const,
    registers: [this.registry],
  });
  private readonly batchesRefused = new Counter({
    name: 'kovanica_telemetry_batches_refused_total',
    help: 'Telemetry batches refused whole (bad credential, invalid payload, over the limits), by transport',
    labelNames: ['transport'] as const,
    registers: [this.registry],
  });
  private readonly figures = {
    jobsWaiting: this.gauge('kovanica_jobs_waiting', 'Background jobs due and waiting to run'),
    oldestJobSeconds: this.gauge('kovanica_jobs_oldest_waiting_seconds', "The oldest waiting job's age"),
    billsUnfiscalized: this.gauge('kovanica_bills_unfiscalized', 'Bills without a JIR from the Tax Administration yet'),
    oldestUnfiscalizedSeconds: this.gauge(
      'kovanica_bills_oldest_unfiscalized_seconds',
      "The oldest unfiscalized bill's age (the law allows 48 hours: 172800 s)",
    ),
    exportsQueued: this.gauge('kovanica_exports_queued', 'Exports waiting to be built'),
    exportsRunning: this.gauge('kovanica_exports_running', 'Exports being built'),
  } satisfies Record<keyof OperationalFigures, Gauge>;
  private readonly pool = new Gauge({
    name: 'kovanica_db_pool_connections',
    help: "The database pool's connections by state (total, idle, waiting: requests waiting for one)",
    labelNames: ['state'] as const,
    registers: [this.registry],
  });

  constructor(private readonly poolStats: PoolStats | null) {
    processMetrics();
  }

  private gauge(name: string, help: string) {
    return new Gauge({ name, help, registers: [this.registry] });
  }

  /** A request answered: its route's pattern keeps the labels few (never the URL itself). */
  request(method: string, route: string | undefined, status: number, seconds: number) {
    this.requests.observe({ method, route: route ?? 'unmatched', status: String(status) }, seconds);
  }

  /** A logger's batch taken in: its events, new and seen before. */
  ingested(transport: Transport, answer: Pick<TelemetryAnswer, 'accepted' | 'duplicates'>) {
    this.events.inc({ outcome: 'accepted', transport }, answer.accepted);
    this.events.inc({ outcome: 'duplicate', transport }, answer.duplicates);
  }

  /** A logger's batch refused whole (its credential, its body, a limit). */
  refused(transport: Transport) {
    this.batchesRefused.inc({ transport });
  }

  /** The exposition text, with the database's figures of the moment. */
  async render(figures: OperationalFigures): Promise<{ contentType: string; text: string }> {
    for (const [key, gauge] of Object.entries(this.figures)) gauge.set(figures[key as keyof OperationalFigures]);
    const pool = this.poolStats?.();
    if (pool) for (const [state, count] of Object.entries(pool)) this.pool.set({ state }, count);
    const merged = Registry.merge([processMetrics(), this.registry]);
    return { contentType: merged.contentType, text: await merged.metrics() };
  }
}
