import { mailsResource } from '@kovanica/contract';
import { mails } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { registerCrud } from '../../http/crud.ts';
import { mailsService } from './mail.service.ts';

/** The outbox (decision 0025): `GET /api/v2/mails` and `GET /api/v2/mails/{id}`, nothing written through the API. */
export function mailRoutes(app: Api, deps: Deps) {
  registerCrud(app, deps, {
    resource: mailsResource,
    columns: { id: mails.id, company: mails.companyId, kind: mails.kind, status: mails.status, createdAt: mails.createdAt },
    service: mailsService(deps.db),
  });
}
