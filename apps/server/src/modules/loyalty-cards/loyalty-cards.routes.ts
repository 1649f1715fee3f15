import { cardUploadPreview, cardUploadRequest, importRecord, loyaltyCardsResource, problemSchema } from '@kovanica/contract';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import { registerCrud } from '../../http/crud.ts';
import { withinUploadLimits } from '../../security/attempts.ts';
import { loyaltyCardColumns } from './loyalty-cards.queries.ts';
import { loyaltyCardsService } from './loyalty-cards.service.ts';
import { uploadCards } from './loyalty-cards.upload.ts';

export function loyaltyCardsRoutes(app: Api, deps: Deps) {
  registerCrud(app, deps, {
    resource: loyaltyCardsResource,
    columns: loyaltyCardColumns,
    service: loyaltyCardsService(deps.db),
  });

  // Bulk upload from CSV or XLSX (decision 0024): a preview, then the write and its record.
  app.route({
    method: 'POST',
    url: '/api/v2/loyalty-cards/upload',
    // The file's 5 MB as JSON text (quotes and line breaks escaped) and the other fields.
    bodyLimit: 12 * 1024 * 1024,
    config: { permission: 'loyalty-cards.create', component: loyaltyCardsResource.component },
    schema: {
      tags: ['loyalty-cards'],
      summary:
        'Upload loyalty cards from CSV or XLSX: confirm false previews every row with its errors and writes nothing; confirm true writes the valid rows in one transaction and records the import',
      body: cardUploadRequest,
      response: {
        200: cardUploadPreview,
        201: importRecord,
        400: problemSchema,
        401: problemSchema,
        403: problemSchema,
        409: problemSchema,
        413: problemSchema,
        422: problemSchema,
        429: problemSchema,
      },
    },
    handler: async (request, reply) => {
      const result = await withinUploadLimits(deps.limits, contextOf(request).actor, async () => {
        const body = request.body;
        if (!body.confirm) return uploadCards(deps.db, contextOf(request), body);
        try {
          return await uploadCards(deps.db, contextOf(request), body);
        } finally {
          deps.versions.bump('loyalty-cards');
          deps.versions.bump('imports');
        }
      });
      if ('preview' in result) return reply.code(200).send(result.preview);
      return reply.code(201).send(result.record);
    },
  });
}
