import { cardTransactionsResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

export const cardTransactionsApi = /* @__PURE__ */ resourceApi(cardTransactionsResource);
