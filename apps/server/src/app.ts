import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import jwt from '@fastify/jwt';
import type { MapTiles } from '@kovanica/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Metrics } from './core/metrics.ts';
import type { Database } from './db/client.ts';
import { createDeps, type ListSource } from './deps.ts';
import type { SimulatedCis } from './fiscal/cis-simulator.ts';
import { refuseUndeclaredQueries } from './http/collection.ts';
import { registerCompression } from './http/compression.ts';
import { registerCors } from './http/cors.ts';
import { registerDocs } from './http/docs.ts';
import { frameworkErrors, registerErrorHandling } from './http/errors.ts';
import { type RegisteredRoute, registerGuard } from './http/guard.ts';
import { registerHydraDocs, registerJsonLd } from './http/hydra.ts';
import { acceptUnchangedFields } from './http/read-back.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { validatorCompiler } from './http/validation.ts';
import { registerWeb } from './http/web.ts';
import { alarmTrigger } from './jobs/alarm-trigger.ts';
import { JOBS, type JobRun, startJobs } from './jobs/queue.ts';
import { alarmsRoutes } from './modules/alarms/alarms.routes.ts';
import { type Delivered, deliverAlarms, type Swept, sweepAlarms } from './modules/alarms/alarms.service.ts';

import { articlesRoutes } from './modules/articles/articles.routes.ts';
import { auditLogRoutes } from './modules/audit-log/audit-log.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import type { LoginLimits } from './modules/auth/auth.service.ts';
import { billsRoutes } from './modules/bills/bills.routes.ts';
import { BillSender } from './modules/bills/bills.sender.ts';
import { cardAppRoutes } from './modules/card-app/card-app.routes.ts';
import { cardHoldersRoutes } from './modules/card-holders/card-holders.routes.ts';
import { cardTransactionsRoutes } from './modules/card-transactions/card-transactions.routes.ts';
import { citiesRoutes } from './modules/cities/cities.routes.ts';
import { commandsRoutes } from './modules/commands/commands.routes.ts';
import { companiesRoutes } from './modules/companies/companies.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { depositsRoutes } from './modules/deposits/deposits.routes.ts';
import { deviceHistoryRoutes } from './modules/device-history/device-history.routes.ts';
import { devicesRoutes } from './modules/devices/devices.routes.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { exportsRoutes } from './modules/exports/exports.routes.ts';
import { ExportSweep } from './modules/exports/exports.service.ts';
import { healthRoutes, Readiness } from './modules/health/health.routes.ts';
import { importsRoutes } from './modules/imports/imports.routes.ts';
import { lessorsRoutes } from './modules/lessors/lessors.routes.ts';
import { locationsRoutes } from './modules/locations/locations.routes.ts';
import { loggersRoutes } from './modules/loggers/loggers.routes.ts';
import { loyaltyCardsRoutes } from './modules/loyalty-cards/loyalty-cards.routes.ts';
import { loyaltyOwnersRoutes } from './modules/loyalty-owners/loyalty-owners.routes.ts';
import { loyaltyReportsRoutes } from './modules/loyalty-reports/loyalty-reports.routes.ts';
import { machineAuditsRoutes } from './modules/machine-audits/machine-audits.routes.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { type MailOptions, MailSweep } from './modules/mail/mail.service.ts';
import { maintenanceRoutes } from './modules/maintenance/maintenance.routes.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';
import { monthClosesRoutes } from './modules/month-closes/month-closes.routes.ts';
import { movementsRoutes } from './modules/movements/movements.routes.ts';
import { type Mqtt, type MqttOptions, startMqtt } from './modules/mqtt/mqtt.ts';
import { planogramsRoutes } from './modules/planograms/planograms.routes.ts';
import { posLocationsRoutes } from './modules/pos-locations/pos-locations.routes.ts';
import { posOwnersRoutes } from './modules/pos-owners/pos-owners.routes.ts';
import { posTerminalRoutes } from './modules/pos-terminal/pos-terminal.routes.ts';
import { posWorkersRoutes } from './modules/pos-workers/pos-workers.routes.ts';
import { promoBoxesRoutes } from './modules/promo-boxes/promo-boxes.routes.ts';
import { promotionsRoutes } from './modules/promotions/promotions.routes.ts';
import { type PushOptions, pushSender } from './modules/push-subscriptions/push.sender.ts';
import { pushSubscriptionsRoutes } from './modules/push-subscriptions/push-subscriptions.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { repositoriesRoutes } from './modules/repositories/repositories.routes.ts';
import { revenueRoutes } from './modules/revenue/revenue.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { tagsRoutes } from './modules/tags/tags.routes.ts';
import { telemetryRoutes } from './modules/telemetry/telemetry.routes.ts';
import { sweepTelemetryPartitions } from './modules/telemetry/telemetry.service.ts';
import { telemetryHoldsRoutes } from './modules/telemetry-holds/telemetry-holds.routes.ts';
import { topUpsRoutes } from './modules/top-ups/top-ups.routes.ts';
import { transactionsRoutes } from './modules/transactions/transactions.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { vatBookRoutes } from './modules/vat-book/vat-book.routes.ts';
import { visitsRoutes } from './modules/visits/visits.routes.ts';

export interface AppOptions {
  database: Database;
  jwtSecret: string;
  /** Seals the companies' fiscal private keys at rest. */
  fiscalKeySecret: string;
  jwtTtl?: string;
  /** The built web app to serve; null serves the API only. */
  webDist?: string | null;
  logger?: FastifyServerOptions['logger'];
  loginLimits?: LoginLimits;
  /** Multiplies the limits of keys, uploads and exports (docs/api.md, "Limits"): the API fuzzer's only. */
  limitScale?: number;
  /** Read caches (docs/decisions/0003-read-cache.md); on unless switched off. */
  cache?: boolean;
  /** Trust X-Forwarded-For from a reverse proxy for the client address. */
  trustProxy?: boolean;
  /**
   * The simulated CIS the 'simulated' fiscal environment talks to (the demo's and the tests'); its
   * switches are the admins'. None: such sends fail as network errors and are retried.
   */
  simulatedCis?: SimulatedCis | null;
  /** Background work: the job queue and its workers (the fiscal sender). Off unless asked (tests ask where they test it). */
  jobs?: boolean;
  /** Where the job queue sends the outbox's e-mails; no SMTP URL keeps them in the outbox (decision 0025). */
  mail?: MailOptions;
  /** Origins whose browser pages may call the API (CORS, decision 0046); none by default. */
  corsOrigins?: readonly string[];
  /** Web Push (decision 0050): the VAPID keys and subject from the environment; tests' fake push service listens on http://127.0.0.1. */
  push?: PushOptions;
  /** The maps' tiles (decision 0052), handed to the web with the settings and allowed by the CSP; none unless given (tests). */
  mapTiles?: MapTiles | null;
  /** Who may scrape `/metrics` (decision 0058): who sends this bearer token; without one, this machine only. */
  metricsToken?: string | null;
  /** Months of raw telemetry kept before the current one (decision 0059); null or none keeps them all. */
  telemetryRetentionMonths?: number | null;
  /** Loggers over MQTT (decision 0057): the embedded broker (`port`), an external one (`url`); none unless given. */
  mqtt?: MqttOptions;
}

/** A request's id: the proxy's (X-Request-Id) when it is a short plain token, else a new one. */
function requestId(request: IncomingMessage): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && /^[\w.:-]{1,100}$/.test(sent) ? sent : randomUUID();
}

export const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered route with its access declaration (for the route-walking test). */
    registeredRoutes(): RegisteredRoute[];
    /** The lists the standard routes serve, by resource (what exports read; tests build exports with them). */
    lists: ReadonlyMap<string, ListSource>;
    /** One run of the alarm sweep, as the job queue runs it (tests run it when they like). */
    sweepAlarms(): Promise<Swept & { delivered: Delivered }>;
    /** Whether the instance takes new work: `draining` is set when it is asked to stop (docs/deploy.md). */
    readiness: Readiness;
    /** MQTT for loggers, when the app was asked for it (decision 0057). */
    mqtt: Mqtt | null;
  }
}

/** Builds the server without listening, so tests can `inject()` requests. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const cache = options.cache ?? true;
  const deps = createDeps({
    db: options.database.db,
    cache,
    fiscalKeySecret: options.fiscalKeySecret,
    bus: cache ? options.database.bus : null,
    limitScale: options.limitScale,
    simulatedCis: options.simulatedCis,
    metrics: new Metrics(options.database.poolStats),
  });
  // Requests are not logged one by one; errors are.
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: options.trustProxy ?? false,
    frameworkErrors,
    // Every answer carries its request's id (X-Request-Id), the one a proxy sent if it is plausible;
    // the logs of the request carry it too (docs/deploy.md "What to watch").
    requestIdHeader: false,
    genReqId: requestId,
  });
  const metrics = deps.metrics;
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    metrics.request(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
  });
  // Other processes' writes invalidate this one's cache (decision 0003).
  await deps.versions.listen();
  app.addHook('onClose', () => deps.versions.close());
  // A write's answer leaves once the other processes can hear of it (TagVersions.settled).
  app.addHook('onSend', async () => {
    await deps.versions.settled();
  });
  /** The alarm sweep (docs/rules.md "Alarms"); what it changed is fresh for the next read on every instance. */
  // The alarms' push messages go out signed with the keys the browsers subscribed with (decision 0050).
  const alarmPush = pushSender(deps.db, options.push);
  const alarmSweep = async () => {
    const swept = await sweepAlarms(deps.db);
    if (swept.raised.length > 0 || swept.resolved.length > 0 || swept.updated > 0) deps.versions.bump('alarms');
    // Then who is told, by e-mail and push (docs/rules.md "Alarms", "Who is told"); the e-mails leave with the outbox.
    const delivered = await deliverAlarms(deps.db, alarmPush);
    if (delivered.sent > 0) deps.versions.bump('mails');
    return { ...swept, delivered, more: delivered.more };
  };
  if (options.jobs) {
    const sender = new BillSender(deps.db, deps.fiscalKeys, deps.simulatedCis, () => {
      deps.versions.bump('bills');
      deps.versions.bump('bill-attempts');
    });
    const exporter = new ExportSweep(deps.db, (message, error) => app.log.error({ err: error }, message), deps.lists);
    const mailer = new MailSweep(deps.db, options.mail ?? { from: 'Kovanica <noreply@kovanica.local>' }, {
      log: (message, error) => app.log.error({ err: error }, message),
      changed: () => deps.versions.bump('mails'),
    });
    // A run that requests asked for logs their ids (`X-Request-Id`), so a request's bill, export or
    // alarm can be followed into the job that did it; a failed run says whose it was (docs/deploy.md).
    const traced =
      (job: string, work: () => Promise<unknown>) =>
      async ({ requestIds }: JobRun) => {
        try {
          const result = await work();
          if (requestIds.length > 0) app.log.info({ job, reqIds: requestIds }, 'job ran for requests');
          return result;
        } catch (error) {
          app.log.error({ err: error, job, reqIds: requestIds }, 'job failed');
          throw error;
        }
      };
    const jobs = await startJobs(
      options.database,
      {
        [JOBS.fiscalSweep]: traced(JOBS.fiscalSweep, () => sender.sweep()),
        [JOBS.exportSweep]: traced(JOBS.exportSweep, () => exporter.sweep()),
        [JOBS.mailSweep]: traced(JOBS.mailSweep, () => mailer.sweep()),
        [JOBS.alarmSweep]: traced(JOBS.alarmSweep, alarmSweep),
        [JOBS.partitionSweep]: traced(JOBS.partitionSweep, () =>
          sweepTelemetryPartitions(deps.db, new Date(), options.telemetryRetentionMonths ?? null),
        ),
      },
      (message, error) => app.log.error({ err: error }, message),
    );
    // An alarm sweep asked for (a batch, a deposit) runs here shortly (jobs/alarm-trigger.ts), not through the queue.
    const alarms = alarmTrigger(traced(JOBS.alarmSweep, alarmSweep), (message) => app.log.warn({ job: JOBS.alarmSweep }, message));
    deps.wake = (job, requestId) => (job === JOBS.alarmSweep ? alarms.request(requestId) : jobs.wake(job, requestId));
    // What is due at start (bills left by a stop or a crash, the demo's last day) goes now, not at the minute.
    jobs.wake(JOBS.fiscalSweep);
    jobs.wake(JOBS.exportSweep);
    jobs.wake(JOBS.mailSweep);
    jobs.wake(JOBS.alarmSweep);
    // A server stopped over a month's turn makes the month before it ingests much into the default partition.
    jobs.wake(JOBS.partitionSweep);
    // The sweep under way claims no more, so it ends within the queue's graceful stop and never
    // writes to a database that is closing.
    app.addHook('onClose', async () => {
      sender.stop();
      exporter.stop();
      mailer.stop();
      await alarms.stop();
      await jobs.stop();
    });
  }
  app.setValidatorCompiler(validatorCompiler);
  refuseUndeclaredQueries(app);
  app.setSerializerCompiler(serializerCompiler);

  // Cross-cutting plugins: compression, security headers, tokens, the guard, documentation, the web app, errors.
  await registerCompression(app);
  registerSecurityHeaders(app, { mapTiles: options.mapTiles });
  // API Platform's JSON-LD and Hydra (http/hydra.ts): bodies, answers, the Link to the documentation.
  const routeBodies = registerJsonLd(app);
  acceptUnchangedFields(app);
  await registerCors(app, options.corsOrigins ?? []);
  // Verified tokens are cached (until they expire): checking the signature is the dearest step of a cached read.
  // Only the algorithm the server signs with, and never a token that does not expire.
  await app.register(jwt, {
    secret: options.jwtSecret,
    sign: { algorithm: 'HS256' },
    verify: { cache: true, algorithms: ['HS256'], requiredClaims: ['exp', 'sub', 'ver'] },
  });
  app.decorate('registeredRoutes', registerGuard(app, deps));
  app.decorate('lists', deps.lists);
  app.decorate('sweepAlarms', alarmSweep);
  const readiness = new Readiness();
  app.decorate('readiness', readiness);
  await registerDocs(app);
  await registerHydraDocs(app, routeBodies);
  const spa = options.webDist === null ? null : await registerWeb(app, options.webDist ?? defaultWebDist);
  registerErrorHandling(app, (request, reply) => spa?.(request, reply) ?? false);

  // Modules, their routes typed from the contract's schemas (http/api.ts).
  const api = app.withTypeProvider<ZodTypeProvider>();
  healthRoutes(api, deps, readiness);
  metricsRoutes(api, deps, metrics, { token: options.metricsToken ?? null });
  authRoutes(api, deps, { ttl: options.jwtTtl ?? '12h', limits: options.loginLimits });
  usersRoutes(api, deps);
  companiesRoutes(api, deps);
  settingsRoutes(api, deps, options.mapTiles ?? null);
  auditLogRoutes(api, deps);
  dashboardRoutes(api, deps);
  citiesRoutes(api, deps);
  lessorsRoutes(api, deps);
  locationsRoutes(api, deps);
  tagsRoutes(api, deps);
  loggersRoutes(api, deps);
  devicesRoutes(api, deps);
  telemetryRoutes(api, deps);
  commandsRoutes(api, deps);
  transactionsRoutes(api, deps);
  billsRoutes(api, deps);
  vatBookRoutes(api, deps);
  revenueRoutes(api, deps);
  reportsRoutes(api, deps);
  deviceHistoryRoutes(api, deps);
  depositsRoutes(api, deps);
  exportsRoutes(api, deps);
  importsRoutes(api, deps);
  searchRoutes(api, deps);
  maintenanceRoutes(api, deps);
  articlesRoutes(api, deps);
  repositoriesRoutes(api, deps);
  movementsRoutes(api, deps);
  telemetryHoldsRoutes(api, deps);
  alarmsRoutes(api, deps);
  visitsRoutes(api, deps);
  machineAuditsRoutes(api, deps);
  planogramsRoutes(api, deps);
  pushSubscriptionsRoutes(api, deps, options.push);
  monthClosesRoutes(api, deps);
  posOwnersRoutes(api, deps);
  posLocationsRoutes(api, deps);
  posWorkersRoutes(api, deps);
  promotionsRoutes(api, deps);
  loyaltyOwnersRoutes(api, deps);
  cardHoldersRoutes(api, deps);
  promoBoxesRoutes(api, deps);
  loyaltyCardsRoutes(api, deps);
  cardTransactionsRoutes(api, deps);
  topUpsRoutes(api, deps);
  loyaltyReportsRoutes(api, deps);
  posTerminalRoutes(api, deps, options.jwtSecret);
  cardAppRoutes(api, deps);
  mailRoutes(api, deps);
  eventsRoutes(api, deps);
  // Loggers over MQTT (decision 0057): closed with the app, before the database.
  const mqtt = options.mqtt ? await startMqtt(deps, options.mqtt, (message, error) => app.log.error({ err: error }, message)) : null;
  app.decorate('mqtt', mqtt);
  if (mqtt) app.addHook('onClose', () => mqtt.close());
  return app;
}
