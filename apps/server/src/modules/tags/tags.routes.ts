import { tagsResource } from '@kovanica/contract';
import { tags } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { registerCrud } from '../../http/crud.ts';
import { tagsService } from './tags.service.ts';

export function tagsRoutes(app: Api, deps: Deps) {
  registerCrud(app, deps, {
    resource: tagsResource,
    table: tags,
    service: tagsService(deps.db),
  });
}
