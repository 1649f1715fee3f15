import {
  MACHINE_AUDIT_MAX_CHARS,
  machineAuditCreate,
  machineAuditGatewayCreate,
  machineAuditItem,
  machineAuditProblem,
  machineAuditsResource,
  problemSchema,
} from '@kovanica/contract';
import { z } from 'zod';
import { DomainError, notFound } from '../../core/errors.ts';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import { idParams, registerCrud } from '../../http/crud.ts';
import { loggerAuthentication } from '../../http/logger-auth.ts';
import { contentDisposition } from '../exports/exports.service.ts';
import { loggerByCredential } from '../loggers/loggers.service.ts';
import { machineAuditColumns } from './machine-audits.queries.ts';
import { machineAuditsService, storeGatewayAudit } from './machine-audits.service.ts';

/** The largest file as JSON text: every character escaped to six bytes at worst, and the other fields. */
const BODY_LIMIT = MACHINE_AUDIT_MAX_CHARS * 6 + 64 * 1024;
const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema, 422: problemSchema };

/**
 * Machine audits (docs/rules.md "Machine audits"): EVA-DTS files taken in from staff (a file uploaded
 * on a screen, or the API) and from telemetry gateways (their logger's credential), listed, read,
 * assigned to a device, and given back as the file received.
 */
export function machineAuditsRoutes(app: Api, deps: Deps) {
  const service = machineAuditsService(deps.db);
  const component = machineAuditsResource.component;

  const writing = writingAudits(deps);

  // Listed, read and assigned the standard way; taken in by the routes below (the answer says whether it was new).
  const { list, get, update } = service;
  registerCrud(app, deps, { resource: machineAuditsResource, columns: machineAuditColumns, service: { list, get, update } });

  app.route({
    method: 'POST',
    url: '/api/v2/machine-audits',
    bodyLimit: BODY_LIMIT,
    config: { permission: 'machine-audits.create', component },
    schema: {
      tags: ['machine-audits'],
      summary:
        'An EVA-DTS audit file taken in: read, matched to the device named or by its serials (ID101, CB101), stored whole. The same file again answers the audit stored the first time (200); a file the reader refuses is a 422 naming its line, nothing stored',
      body: machineAuditCreate,
      response: { 201: machineAuditItem, 200: machineAuditItem, ...errors, 422: machineAuditProblem },
    },
    handler: async (request, reply) => {
      // A browser's request (a file uploaded on a screen) carries Fetch metadata; another client's does not.
      const source = request.headers['sec-fetch-site'] === undefined ? 'api' : 'upload';
      const { item, created } = await writing(() => service.create(contextOf(request), request.body, source));
      return reply
        .code(created ? 201 : 200)
        .header('location', item['@id'])
        .send(item);
    },
  });

  app.route({
    method: 'GET',
    url: '/api/v2/machine-audits/:id/file',
    config: { permission: 'machine-audits.read', component },
    schema: {
      tags: ['machine-audits'],
      summary: 'The audit file as it was received (text/plain, an attachment under its file name)',
      params: idParams,
      response: { 200: z.string(), ...errors },
    },
    handler: async (request, reply) => {
      const file = await service.file(contextOf(request), request.params.id);
      if (!file) throw notFound();
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.content);
    },
  });

  gatewayAuditRoute(app, deps);
}

/** A write changes the audits and what they invalidate, whatever its outcome. */
function writingAudits(deps: Deps) {
  return async <T>(work: () => Promise<T>) => {
    try {
      return await work();
    } finally {
      deps.versions.bump(machineAuditsResource.name);
      for (const other of machineAuditsResource.invalidates ?? []) deps.versions.bump(other);
    }
  };
}

/**
 * A telemetry gateway's audit file (`POST /telemetry/audits`), `public` to the user guard as the
 * telemetry batches are: the logger's own credential is checked before the body is validated.
 */
function gatewayAuditRoute(app: Api, deps: Deps) {
  const writing = writingAudits(deps);
  const authenticate = loggerAuthentication(deps.limits, (credential) => loggerByCredential(deps.db, credential));

  app.route({
    method: 'POST',
    url: '/api/v2/telemetry/audits',
    bodyLimit: BODY_LIMIT,
    config: { public: true },
    onRequest: authenticate,
    schema: {
      tags: ['telemetry'],
      summary:
        "A telemetry gateway's EVA-DTS audit file, authenticated by its logger's credential: the audit of the device the logger is fitted to (else matched by its serials). The same file again answers 200",
      body: machineAuditGatewayCreate,
      response: {
        201: machineAuditItem,
        200: machineAuditItem,
        400: problemSchema,
        401: problemSchema,
        422: machineAuditProblem,
        429: problemSchema,
      },
    },
    handler: async (request, reply) => {
      const logger = request.logger;
      if (!logger) throw new DomainError(401, 'bad_logger_credential');
      const { item, created } = await writing(() => storeGatewayAudit(deps.db, logger, request.body));
      return reply
        .code(created ? 201 : 200)
        .header('location', item['@id'])
        .send(item);
    },
  });
}
