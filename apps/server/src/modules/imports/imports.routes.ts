import { importPreview, importRecord, importRequest, importsResource, problemSchema } from '@kovanica/contract';
import { z } from 'zod';
import { notFound } from '../../core/errors.ts';
import { imports } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import { idParams, registerCrud } from '../../http/crud.ts';
import { withinUploadLimits } from '../../security/attempts.ts';
import { contentDisposition } from '../exports/exports.service.ts';
import { importsService, refusedCsv, runImport } from './imports.service.ts';

const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };

/**
 * The imports history (decision 0027): `GET /imports` and `/imports/{id}` (read-only,
 * the company's, like every list), the refused rows as CSV, and `POST /imports` (preview, then write).
 */
export function importsRoutes(app: Api, deps: Deps) {
  const service = importsService(deps.db);
  registerCrud(app, deps, { resource: importsResource, table: imports, service });

  app.route({
    method: 'GET',
    url: '/api/v2/imports/:id/refused.csv',
    config: { permission: 'imports.read' },
    schema: {
      tags: ['imports'],
      summary: "An import's refused rows as CSV (the file's columns, the line and the errors in the caller's language)",
      params: idParams,
      response: { 200: z.any(), ...errors },
    },
    handler: async (request, reply) => {
      const ctx = contextOf(request);
      const record = await service.find(ctx, request.params.id);
      if (!record) throw notFound();
      const name = `${record.fileName.replace(/\.[a-z0-9]+$/i, '')}-refused.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(name))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(refusedCsv(record, ctx.lang));
    },
  });

  app.route({
    method: 'POST',
    url: '/api/v2/imports',
    // The file's 5 MB as JSON text (quotes and line breaks escaped) and the other fields.
    bodyLimit: 12 * 1024 * 1024,
    config: { permission: 'imports.create' },
    schema: {
      tags: ['imports'],
      summary:
        "Import a CSV file (or an XLSX as base64, format xlsx) of a kind: confirm false previews every row with its errors and writes nothing; confirm true writes the valid rows in one transaction and records the import (needs the kind's create permission too)",
      body: importRequest,
      response: {
        200: importPreview,
        201: importRecord,
        ...errors,
        409: problemSchema,
        413: problemSchema,
        422: problemSchema,
        429: problemSchema,
      },
    },
    handler: async (request, reply) => {
      const body = request.body;
      const ctx = contextOf(request);
      const result = await withinUploadLimits(deps.limits, ctx.actor, () =>
        body.confirm
          ? (async () => {
              try {
                return await runImport(deps.db, ctx, body);
              } finally {
                deps.versions.bump('imports');
                deps.versions.bump(body.kind);
                // Transactions are telemetry events: what a logger's batch bumps (rollups, cash periods).
                if (body.kind === 'transactions') {
                  deps.versions.bump('telemetry');
                  deps.versions.bump('deposits');
                }
              }
            })()
          : runImport(deps.db, ctx, body),
      );
      if ('preview' in result) return reply.code(200).send(result.preview);
      return reply.code(201).header('location', result.record['@id']).send(result.record);
    },
  });
}
