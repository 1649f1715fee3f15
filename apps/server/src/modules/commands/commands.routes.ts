import { commandCreate, commandItem, commandsResource, problemSchema } from '@kovanica/contract';
import { notFound } from '../../core/errors.ts';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import { idParams, registerCrud } from '../../http/crud.ts';
import { commandColumns } from './commands.queries.ts';
import { commandsService } from './commands.service.ts';

/** Remote free rides and resets: listed as `commands`, sent through the device they are for. */
export function commandsRoutes(app: Api, deps: Deps) {
  const service = commandsService(deps.db);
  registerCrud(app, deps, {
    resource: commandsResource,
    columns: commandColumns,
    service,
  });

  app.route({
    method: 'POST',
    url: '/api/v2/devices/:id/commands',
    config: { permission: 'devices.command' },
    schema: {
      tags: ['commands'],
      summary: "Send a free ride or a reset to the device's logger; it goes out with the logger's next batch answer",
      params: idParams,
      body: commandCreate,
      response: { 201: commandItem, 404: problemSchema, 422: problemSchema },
    },
    handler: async (request, reply) => {
      const command = await service.send(contextOf(request), request.params.id, request.body);
      deps.versions.bump('commands');
      if (!command) throw notFound();
      return reply.code(201).header('location', command['@id']).send(command);
    },
  });
}
