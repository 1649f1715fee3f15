import { posWorkersResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

export const posWorkersApi = /* @__PURE__ */ resourceApi(posWorkersResource, {
  path: '/loyalty/pos-workers',
  title: (worker) => `${worker.name} ${worker.surname}`,
});
