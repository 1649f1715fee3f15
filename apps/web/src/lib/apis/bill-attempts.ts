import { billAttemptsResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

export const billAttemptsApi = /* @__PURE__ */ resourceApi(billAttemptsResource);
