import { tagsResource } from '@kovanica/contract';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../http/crud.ts';
import type { Deps } from '../../http/deps.ts';
import { tagColumns } from './tags.queries.ts';
import { tagsService } from './tags.service.ts';

export function tagsRoutes(app: FastifyInstance, deps: Deps) {
  registerCrud(app, deps, {
    resource: tagsResource,
    columns: tagColumns,
    service: tagsService(deps.db),
  });
}
