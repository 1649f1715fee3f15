import { lessorsResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

export const lessorsApi = /* @__PURE__ */ resourceApi(lessorsResource, { path: '/lessors', title: (lessor) => lessor.name });
