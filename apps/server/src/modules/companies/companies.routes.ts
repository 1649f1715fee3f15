import { companiesResource, iri } from '@kovanica/contract';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { registerCrud } from '../../http/crud.ts';
import { companyColumns } from './companies.queries.ts';
import { companiesService } from './companies.service.ts';

export function companiesRoutes(app: Api, deps: Deps) {
  registerCrud(app, deps, {
    resource: companiesResource,
    columns: companyColumns,
    service: companiesService(deps.db),
    // Every user may read their own company (and a top-level manager its subsidiaries).
    allowSelf: { read: true },
    // A manager's own company is where they change the settings (contract `writeRules.companies`).
    owned: (row, _userId, actor) => row['@id'] === iri('companies', actor.companyId),
  });
}
