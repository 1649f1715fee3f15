import { visitsResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

export const visitsApi = /* @__PURE__ */ resourceApi(visitsResource);
