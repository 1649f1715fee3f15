import { transactionsResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

export const transactionsApi = /* @__PURE__ */ resourceApi(transactionsResource);
