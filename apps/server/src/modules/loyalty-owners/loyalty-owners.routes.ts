import { loyaltyOwnerAppKey, loyaltyOwnersResource, problemSchema } from '@kovanica/contract';
import { notFound } from '../../core/errors.ts';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import { idParams, registerCrud } from '../../http/crud.ts';
import { loyaltyOwnerColumns } from './loyalty-owners.queries.ts';
import { loyaltyOwnersService } from './loyalty-owners.service.ts';

export function loyaltyOwnersRoutes(app: Api, deps: Deps) {
  const service = loyaltyOwnersService(deps.db);
  registerCrud(app, deps, {
    resource: loyaltyOwnersResource,
    columns: loyaltyOwnerColumns,
    service,
  });

  app.route({
    method: 'POST',
    url: '/api/v2/loyalty-owners/:id/app-key',
    config: { permission: 'loyalty-owners.update' },
    schema: {
      tags: ['loyalty-owners'],
      summary: "Issue a new credential of the card holders' app (shown once); the old one stops working",
      params: idParams,
      response: { 200: loyaltyOwnerAppKey, 404: problemSchema },
    },
    handler: async (request) => {
      const issued = await service.issueAppKey(contextOf(request), request.params.id);
      deps.versions.bump('loyalty-owners');
      if (!issued) throw notFound();
      return issued;
    },
  });
}
