import { topUpsResource } from '@kovanica/contract';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { registerCrud } from '../../http/crud.ts';
import { topUpColumns } from './top-ups.queries.ts';
import { topUpsService } from './top-ups.service.ts';

export function topUpsRoutes(app: Api, deps: Deps) {
  const service = topUpsService(deps.db, deps.fiscalKeys);
  registerCrud(app, deps, {
    resource: topUpsResource,
    columns: topUpColumns,
    replays: true,
    service: {
      ...service,
      async create(ctx, input) {
        const topUp = await service.create(ctx, input);
        // Its bill goes to CIS now rather than at the next minute's sweep.
        deps.wake('fiscal-sweep', ctx.requestId ?? undefined);
        return topUp;
      },
    },
  });
}
