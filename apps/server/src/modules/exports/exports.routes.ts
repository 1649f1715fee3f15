import { exportCollection, exportItem, exportRequest, exportsQuery, problemSchema } from '@kovanica/contract';
import { z } from 'zod';
import { notFound } from '../../core/errors.ts';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import { idParams } from '../../http/crud.ts';
import { EXPORTS_PER_USER, tooMany } from '../../security/attempts.ts';
import { contentDisposition, exportFile, getExport, listExports, requestExport } from './exports.service.ts';

const errors = { 400: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema, 422: problemSchema };

/**
 * Exports built in the background (decisions 0021, 0026): asked for, watched, downloaded. The routes
 * need the exports' permissions (the transfer module); asking for one also needs what reading its
 * data set needs (its list's or report's permission, module and component), checked by the service.
 */
export function exportsRoutes(app: Api, deps: Deps) {
  app.route({
    method: 'POST',
    url: '/api/v2/exports',
    config: { permission: 'exports.create' },
    schema: {
      tags: ['exports'],
      summary:
        'Ask for a file of a data set (a list with its filters, or the finance report) as CSV or XLSX (PDF for reports); answers 202 with the export queued, built in the background',
      body: exportRequest,
      response: { 202: exportItem, ...errors, 429: problemSchema },
    },
    handler: async (request, reply) => {
      const ctx = contextOf(request);
      // Each export is a background job's work: a user asks for so many in a window (docs/api.md, "Limits").
      const taken = await deps.limits.take(`export:user:${ctx.actor.userId}`, EXPORTS_PER_USER);
      if (!taken.ok) throw tooMany('too_many_exports', taken.retryAfter);
      const item = await requestExport(deps.db, ctx, request.body, deps.lists);
      deps.wake('export-sweep', request.id);
      return reply.code(202).header('location', item['@id']).send(item);
    },
  });

  app.route({
    method: 'GET',
    url: '/api/v2/exports',
    config: { permission: 'exports.read' },
    schema: {
      tags: ['exports'],
      summary: "The caller's exports of the last 7 days, newest first (an admin's All Companies view: everyone's)",
      querystring: exportsQuery,
      response: { 200: exportCollection, ...errors },
    },
    handler: (request) => listExports(deps.db, contextOf(request), request.query),
  });

  app.route({
    method: 'GET',
    url: '/api/v2/exports/:id',
    config: { permission: 'exports.read' },
    schema: {
      tags: ['exports'],
      summary: "An export's status and progress (the caller's own; an admin's any)",
      params: idParams,
      response: { 200: exportItem, ...errors },
    },
    handler: async (request, reply) => {
      const item = await getExport(deps.db, contextOf(request), request.params.id);
      if (!item) throw notFound();
      return reply.header('cache-control', 'no-store').send(item);
    },
  });

  app.route({
    method: 'GET',
    url: '/api/v2/exports/:id/file',
    config: { permission: 'exports.read' },
    schema: {
      tags: ['exports'],
      summary: "A built export's file, as an attachment; 409 while it is being built or when it failed",
      params: idParams,
      response: { 200: z.any(), ...errors },
    },
    handler: async (request, reply) => {
      const file = await exportFile(deps.db, contextOf(request), request.params.id);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-length', file.size)
        .send(file.stream);
    },
  });
}
