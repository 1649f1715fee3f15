import { loggerCredential, loggersResource, problemSchema } from '@kovanica/contract';
import { notFound } from '../../core/errors.ts';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import { idParams, registerCrud } from '../../http/crud.ts';
import { loggerColumns } from './loggers.queries.ts';
import { loggersService } from './loggers.service.ts';

export function loggersRoutes(app: Api, deps: Deps) {
  const service = loggersService(deps.db);
  registerCrud(app, deps, {
    resource: loggersResource,
    columns: loggerColumns,
    service,
  });

  app.route({
    method: 'POST',
    url: '/api/v2/loggers/:id/credential',
    config: { permission: 'loggers.update' },
    schema: {
      tags: ['loggers'],
      summary: 'Issue a new ingestion credential (shown once); the old one stops working',
      params: idParams,
      response: { 200: loggerCredential, 404: problemSchema },
    },
    handler: async (request) => {
      const issued = await service.rotateCredential(contextOf(request), request.params.id);
      deps.versions.bump('loggers');
      if (!issued) throw notFound();
      return issued;
    },
  });
}
