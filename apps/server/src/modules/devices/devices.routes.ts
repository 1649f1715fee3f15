import {
  collectionOf as collectionSchema,
  deviceBulkAnswer,
  deviceBulkRequest,
  devicesResource,
  placementItem,
  problemSchema,
} from '@kovanica/contract';
import { notFound } from '../../core/errors.ts';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import { idParams, registerCrud } from '../../http/crud.ts';
import { renderProblem } from '../../http/problems.ts';
import { bulkWrites, deviceBulkService } from './devices.bulk.ts';
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

  const bulk = deviceBulkService(deps.db);
  app.route({
    method: 'POST',
    url: '/api/v2/devices/bulk',
    // The weakest of the actions' permissions lets the request in; the service checks the action's own.
    config: { permission: 'devices.update' },
    schema: {
      tags: ['devices'],
      summary: 'Apply one action (tag, untag, move, free ride, reset) to many devices; each is done or refused on its own',
      body: deviceBulkRequest,
      response: { 200: deviceBulkAnswer, 403: problemSchema, 422: problemSchema },
    },
    handler: async (request) => {
      const ctx = contextOf(request);
      const written = bulkWrites(request.body.action);
      let outcomes: Awaited<ReturnType<typeof bulk>>;
      try {
        outcomes = await bulk(ctx, request.body);
      } finally {
        // As the single actions do: a device's edit makes the devices' reads stale, a command the commands'.
        deps.versions.bump(written);
        if (written === 'devices') for (const other of devicesResource.invalidates ?? []) deps.versions.bump(other);
      }
      const results = outcomes.map(({ device, refusal }) =>
        refusal ? { device, ok: false as const, problem: renderProblem(refusal, request.lang) } : { device, ok: true as const },
      );
      const done = results.filter((r) => r.ok).length;
      return { results, done, refused: results.length - done };
    },
  });
}
