import { collectionOf as collectionSchema, problemSchema, repositoriesResource, stockLevelItem } from '@kovanica/contract';
import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../http/context.ts';
import { idParams, registerCrud } from '../../http/crud.ts';
import type { Deps } from '../../http/deps.ts';
import { notFound } from '../../http/problems.ts';
import { repositoryColumns } from './repositories.queries.ts';
import { repositoriesService } from './repositories.service.ts';

/** Warehouses and vans (domain.md §10), and what each holds. */
export function repositoriesRoutes(app: FastifyInstance, deps: Deps) {
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
      const { id } = request.params as { id: number };
      const member = await service.stock(contextOf(request), id);
      if (!member) throw notFound();
      const path = `/api/v2/repositories/${id}/stock`;
      return { '@id': path, '@type': 'Collection' as const, member, totalItems: member.length, view: { '@id': path } };
    },
  });
}
