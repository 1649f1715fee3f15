import { collectionOf as collectionSchema, devicesResource, placementItem, problemSchema } from '@kovanica/contract';
import { notFound } from '../../core/errors.ts';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import { idParams, registerCrud } from '../../http/crud.ts';
import { deviceColumns } from './devices.queries.ts';
import { devicesService } from './devices.service.ts';

export function devicesRoutes(app: Api, deps: Deps) {
  const service = devicesService(deps.db);
  registerCrud(app, deps, {
    resource: devicesResource,
    columns: deviceColumns,
    service,
  });

  app.route({
    method: 'GET',
    url: '/api/v2/devices/:id/placements',
    config: { permission: 'devices.read' },
    schema: {
      tags: ['devices'],
      summary: "The device's placement history, newest first",
      params: idParams,
      response: { 200: collectionSchema(placementItem), 404: problemSchema },
    },
    handler: async (request) => {
      const { id } = request.params;
      const member = await service.placements(contextOf(request), id);
      if (!member) throw notFound();
      const path = `/api/v2/devices/${id}/placements`;
      return { '@id': path, '@type': 'Collection' as const, member, totalItems: member.length, view: { '@id': path } };
    },
  });
}
