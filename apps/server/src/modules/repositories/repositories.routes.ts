import { collectionOf as collectionSchema, problemSchema, repositoriesResource, stockLevelItem } from '@kovanica/contract';
import { notFound } from '../../core/errors.ts';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import { idParams, registerCrud } from '../../http/crud.ts';
import { repositoryColumns } from './repositories.queries.ts';
import { repositoriesService } from './repositories.service.ts';

/** Warehouses and vans (docs/rules.md "Stock"), and what each holds. */
export function repositoriesRoutes(app: Api, deps: Deps) {
  const service = repositoriesService(deps.db);
  registerCrud(app, deps, {
    resource: repositoriesResource,
    columns: repositoryColumns,
    service,
  });

  app.route({
    method: 'GET',
    url: '/api/v2/repositories/:id/stock',
    config: { permission: 'repositories.read' },
    schema: {
      tags: ['repositories'],
      summary: 'What the repository holds: each article with a quantity above zero, by name, valued at its average purchase price',
      params: idParams,
      response: { 200: collectionSchema(stockLevelItem), 404: problemSchema },
    },
    handler: async (request) => {
      const { id } = request.params;
      const member = await service.stock(contextOf(request), id);
      if (!member) throw notFound();
      const path = `/api/v2/repositories/${id}/stock`;
      return { '@id': path, '@type': 'Collection' as const, member, totalItems: member.length, view: { '@id': path } };
    },
  });
}
