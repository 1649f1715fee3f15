import { articlesResource } from '@kovanica/contract';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../http/crud.ts';
import type { Deps } from '../../http/deps.ts';
import { articleColumns } from './articles.queries.ts';
import { articlesService } from './articles.service.ts';

/** Articles (domain.md §10): what repositories hold and prize devices are loaded with. */
export function articlesRoutes(app: FastifyInstance, deps: Deps) {
  registerCrud(app, deps, {
    resource: articlesResource,
    columns: articleColumns,
    service: articlesService(deps.db),
  });
}
