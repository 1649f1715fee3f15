import { posWorkerItem, posWorkerPin, posWorkersResource, problemSchema } from '@kovanica/contract';
import { notFound } from '../../core/errors.ts';
import { posWorkers } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import { idParams, registerCrud } from '../../http/crud.ts';
import { posWorkersService } from './pos-workers.service.ts';

export function posWorkersRoutes(app: Api, deps: Deps) {
  const service = posWorkersService(deps.db);
  registerCrud(app, deps, { resource: posWorkersResource, table: posWorkers, service });

  app.route({
    method: 'POST',
    url: '/api/v2/pos-workers/:id/pin',
    config: { permission: 'pos-workers.update', component: posWorkersResource.component },
    schema: {
      tags: ['pos-workers'],
      summary: "Set a worker's new PIN for the POS terminal (the old one stops working; a lockout is lifted)",
      params: idParams,
      body: posWorkerPin,
      response: { 200: posWorkerItem, 404: problemSchema, 422: problemSchema },
    },
    handler: async (request) => {
      const { id } = request.params;
      const saved = await service.setPin(contextOf(request), id, request.body.pin);
      deps.versions.bump('pos-workers');
      if (!saved) throw notFound();
      return saved;
    },
  });
}
