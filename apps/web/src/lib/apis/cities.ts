import { citiesResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

export const citiesApi = /* @__PURE__ */ resourceApi(citiesResource, { path: '/cities', title: (city) => city.name });
