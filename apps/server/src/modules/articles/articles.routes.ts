import { articlesResource } from '@kovanica/contract';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { registerCrud } from '../../http/crud.ts';
import { articleColumns } from './articles.queries.ts';
import { articlesService } from './articles.service.ts';

/** Articles (docs/rules.md "Stock"): what repositories hold and prize devices are loaded with. */
export function articlesRoutes(app: Api, deps: Deps) {
  registerCrud(app, deps, {
    resource: articlesResource,
    columns: articleColumns,
    service: articlesService(deps.db),
  });
}
