import { locationsResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

export const locationsApi = /* @__PURE__ */ resourceApi(locationsResource, { path: '/locations', title: (location) => location.name });
