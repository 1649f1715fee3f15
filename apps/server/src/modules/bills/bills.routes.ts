import {
  billAttemptsResource,
  billComparisonAnswer,
  billComparisonQuery,
  billItem,
  billSend,
  billSendAnswer,
  billStorno,
  billsResource,
  cisSimulatorItem,
  cisSimulatorPatch,
  fiscalCertificatesResource,
  fiscalEchoAnswer,
  fiscalSettingsResource,
  problemSchema,
} from '@kovanica/contract';
import { DomainError, notFound } from '../../core/errors.ts';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import { idParams, registerCrud } from '../../http/crud.ts';
import { billComparison } from './bills.comparison.ts';
import { billAttemptColumns, billColumns, fiscalCertificateColumns, fiscalSettingsColumns } from './bills.queries.ts';
import { billAttemptsService, billsService } from './bills.service.ts';
import { fiscalCertificatesService, fiscalSettingsService } from './fiscal-settings.service.ts';

const errors = { 400: problemSchema, 404: problemSchema, 409: problemSchema, 422: problemSchema };

/**
 * Bills (the `bills` module): read like any resource; a manual bill, a storno and "send again"
 * written here; every send to CIS; the transactions-vs-bills comparison; the company's fiscal
 * settings and certificates; the simulated CIS's switches (admins).
 * Long because: it registers the module's routes one after another (the standard ones, sends, the comparison, fiscal settings and certificates, the simulated CIS); each `app.route` reads alone.
 */
export function billsRoutes(app: Api, deps: Deps) {
  const bills = billsService(deps.db, deps.fiscalKeys);
  registerCrud(app, deps, {
    resource: billsResource,
    columns: billColumns,
    service: {
      ...bills,
      // Issued bills are due at once: the sender is woken rather than left to its minute.
      create: async (ctx, input) => {
        const bill = await bills.create(ctx, input);
        deps.wake('fiscal-sweep', ctx.requestId ?? undefined);
        return bill;
      },
    },
  });
  registerCrud(app, deps, { resource: billAttemptsResource, columns: billAttemptColumns, service: billAttemptsService(deps.db) });

  app.route({
    method: 'POST',
    url: '/api/v2/bills/:id/storno',
    config: { permission: 'bills.create' },
    schema: {
      tags: ['bills'],
      summary: 'Cancel a bill with a storno bill (its negative amount, its own number); a storno or a cancelled bill answers 409',
      params: idParams,
      body: billStorno,
      response: { 201: billItem, ...errors },
    },
    handler: async (request, reply) => {
      const storno = await bills.storno(contextOf(request), request.params.id, request.body);
      deps.versions.bump('bills');
      if (!storno) throw notFound();
      deps.wake('fiscal-sweep', request.id);
      return reply.code(201).header('location', storno['@id']).send(storno);
    },
  });

  app.route({
    method: 'POST',
    url: '/api/v2/bills/send',
    config: { permission: 'bills.resend' },
    schema: {
      tags: ['bills'],
      summary: 'Send again: the named unfiscalized bills (or all of the view) are due now; answers how many',
      body: billSend,
      response: { 200: billSendAnswer, ...errors },
    },
    handler: async (request) => {
      const queued = await bills.send(contextOf(request), request.body);
      deps.versions.bump('bills');
      deps.wake('fiscal-sweep', request.id);
      return { queued };
    },
  });

  app.route({
    method: 'GET',
    url: '/api/v2/bill-comparison',
    config: { permission: 'bills.read' },
    schema: {
      tags: ['bills'],
      summary: 'Transactions vs bills per device and Zagreb day: payments needing a bill, bills issued, bills fiscalized',
      querystring: billComparisonQuery,
      response: { 200: billComparisonAnswer, ...errors },
    },
    handler: (request) => billComparison(deps.db, contextOf(request), request.query),
  });

  const settings = fiscalSettingsService(deps.db, () => deps.simulatedCis);
  registerCrud(app, deps, { resource: fiscalSettingsResource, columns: fiscalSettingsColumns, service: settings });
  registerCrud(app, deps, {
    resource: fiscalCertificatesResource,
    service: fiscalCertificatesService(deps.db, deps.fiscalKeys),
    columns: fiscalCertificateColumns,
  });

  app.route({
    method: 'POST',
    url: '/api/v2/fiscal-settings/:id/echo',
    config: { permission: 'fiscal-settings.check' },
    schema: {
      tags: ['fiscal-settings'],
      summary: "Check connection: an EchoRequest to the company's CIS environment",
      params: idParams,
      response: { 200: fiscalEchoAnswer, ...errors },
    },
    handler: async (request) => {
      const echo = await settings.echo(contextOf(request), request.params.id);
      if (!echo) throw notFound();
      return echo;
    },
  });

  const simulator = () => {
    const cis = deps.simulatedCis;
    if (!cis?.switches) throw new DomainError(404, 'simulator_off');
    return { cis, switches: cis.switches };
  };
  const simulatorState = () => {
    const { cis, switches } = simulator();
    return {
      '@id': '/api/v2/cis-simulator',
      '@type': 'CisSimulator' as const,
      url: cis.url,
      mode: switches.mode,
      slowMs: switches.slowMs,
      forcedError: switches.forcedError as never,
      duplicates: switches.duplicates,
      received: cis.received?.length ?? 0,
    };
  };
  app.route({
    method: 'GET',
    url: '/api/v2/cis-simulator',
    config: { permission: 'cis-simulator.read' },
    schema: { tags: ['cis-simulator'], summary: "The simulated CIS's switches", response: { 200: cisSimulatorItem, 404: problemSchema } },
    handler: async () => simulatorState(),
  });
  app.route({
    method: 'PATCH',
    url: '/api/v2/cis-simulator',
    config: { permission: 'cis-simulator.update' },
    schema: {
      tags: ['cis-simulator'],
      summary: 'Tell the simulated CIS to refuse connections, answer slowly, with SOAP faults, s006 or a forced error code',
      body: cisSimulatorPatch,
      response: { 200: cisSimulatorItem, ...errors },
    },
    handler: async (request) => {
      const { switches } = simulator();
      Object.assign(switches, request.body);
      // A CIS switched back on gets the waiting bills at once, not at the next minute.
      deps.wake('fiscal-sweep', request.id);
      return simulatorState();
    },
  });
}
