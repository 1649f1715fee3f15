import { posLocationsResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

export const posLocationsApi = /* @__PURE__ */ resourceApi(posLocationsResource, {
  path: '/loyalty/pos-locations',
  title: (location) => location.name,
});
