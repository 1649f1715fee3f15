import { posLocationsResource, posTerminalKey, problemSchema } from '@kovanica/contract';
import { notFound } from '../../core/errors.ts';
import { posLocations } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import { idParams, registerCrud } from '../../http/crud.ts';
import { posLocationsService } from './pos-locations.service.ts';

export function posLocationsRoutes(app: Api, deps: Deps) {
  const service = posLocationsService(deps.db);
  registerCrud(app, deps, { resource: posLocationsResource, table: posLocations, service });

  app.route({
    method: 'POST',
    url: '/api/v2/pos-locations/:id/terminal-key',
    config: { permission: 'pos-locations.update', component: posLocationsResource.component },
    schema: {
      tags: ['pos-locations'],
      summary: "Issue the POS terminal's credential (shown once); one issued before stops working",
      params: idParams,
      response: { 200: posTerminalKey, 404: problemSchema },
    },
    handler: async (request) => {
      const issued = await service.issueTerminalKey(contextOf(request), request.params.id);
      deps.versions.bump('pos-locations');
      if (!issued) throw notFound();
      return issued;
    },
  });
}
