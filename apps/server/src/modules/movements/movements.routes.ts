import {
  collectionOf as collectionSchema,
  movementItem,
  movementReverse,
  movementsResource,
  prizeStockItem,
  problemSchema,
} from '@kovanica/contract';
import { notFound } from '../../core/errors.ts';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import { idParams, registerCrud } from '../../http/crud.ts';
import { movementColumns } from './movements.queries.ts';
import { movementsService } from './movements.service.ts';

/**
 * Stock movements (docs/rules.md "Stock"): listed, read and booked like any resource, never changed or
 * deleted; a wrong one is reversed. Also the prizes in the prize devices, which the loads make.
 */
export function movementsRoutes(app: Api, deps: Deps) {
  const service = movementsService(deps.db);
  registerCrud(app, deps, {
    resource: movementsResource,
    columns: movementColumns,
    service,
  });

  app.route({
    method: 'POST',
    url: '/api/v2/movements/:id/reverse',
    config: { permission: 'movements.create' },
    schema: {
      tags: ['movements'],
      summary:
        'Book the opposite movement, linked both ways; once per movement (409 after), refused when it would take stock below zero (409)',
      params: idParams,
      // Nothing to say: no body at all will do.
      body: movementReverse.nullish(),
      response: { 201: movementItem, 404: problemSchema, 409: problemSchema, 422: problemSchema },
    },
    handler: async (request, reply) => {
      const { id } = request.params;
      try {
        const reversal = await service.reverse(contextOf(request), id, request.body ?? {});
        if (!reversal) throw notFound();
        return reply.code(201).header('location', reversal['@id']).send(reversal);
      } finally {
        // Whatever the outcome, as the standard writes do.
        deps.versions.bump('movements');
        for (const other of movementsResource.invalidates ?? []) deps.versions.bump(other);
      }
    },
  });

  app.route({
    method: 'GET',
    url: '/api/v2/devices/:id/prize-stock',
    config: { permission: 'movements.read' },
    schema: {
      tags: ['movements'],
      summary: 'The prizes in a device: loaded per article, paid out since the first load (prize_out events), left',
      params: idParams,
      response: { 200: prizeStockItem, 404: problemSchema },
    },
    handler: async (request) => {
      const { id } = request.params;
      const stock = await service.prizeStock(contextOf(request), id);
      if (!stock) throw notFound();
      return stock;
    },
  });

  app.route({
    method: 'GET',
    url: '/api/v2/prize-stock',
    config: { permission: 'movements.read' },
    schema: {
      tags: ['movements'],
      summary: 'The prizes in every prize device of the view, fewest left first',
      response: { 200: collectionSchema(prizeStockItem) },
    },
    handler: async (request) => {
      const member = await service.prizeStocks(contextOf(request));
      const path = '/api/v2/prize-stock';
      return { '@id': path, '@type': 'Collection' as const, member, totalItems: member.length, view: { '@id': path } };
    },
  });
}
