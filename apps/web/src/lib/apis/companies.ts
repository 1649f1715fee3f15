import { companiesResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

export const companiesApi = /* @__PURE__ */ resourceApi(companiesResource, { path: '/companies', title: (company) => company.name });
