import { tagCreate, tagItem, tagPatch, tagsCollection } from '@kovanica/contract';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../http/crud.ts';
import type { Deps } from '../../http/deps.ts';
import { tagColumns } from './tags.queries.ts';
import { tagsService } from './tags.service.ts';

export function tagsRoutes(app: FastifyInstance, deps: Deps) {
  registerCrud(app, deps, {
    name: 'tags',
    item: tagItem,
    create: tagCreate,
    patch: tagPatch,
    collection: tagsCollection,
    columns: tagColumns,
    service: tagsService(deps.db),
    reads: ['devices', 'locations'],
    // Deleting a tag takes it off devices and locations.
    writes: ['devices', 'locations'],
  });
}
