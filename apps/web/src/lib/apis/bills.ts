import { billsResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

/** Bills are never edited: `/bills/$id` is a bill's page, `/bills/new` a manual bill. */
export const billsApi = /* @__PURE__ */ resourceApi(billsResource, { path: '/bills', title: (bill) => bill.number });
