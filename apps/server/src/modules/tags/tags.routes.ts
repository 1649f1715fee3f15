import { tagsResource } from '@kovanica/contract';
import type { FastifyInstance } from 'fastify';
import { tags } from '../../db/schema/index.ts';
import { registerCrud } from '../../http/crud.ts';
import type { Deps } from '../../http/deps.ts';
import { tagsService } from './tags.service.ts';

export function tagsRoutes(app: FastifyInstance, deps: Deps) {
  registerCrud(app, deps, {
    resource: tagsResource,
    table: tags,
    service: tagsService(deps.db),
  });
}
