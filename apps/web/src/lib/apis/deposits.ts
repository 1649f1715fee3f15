import { depositsResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

export const depositsApi = /* @__PURE__ */ resourceApi(depositsResource);
