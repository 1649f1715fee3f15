import { topUpsResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

/** Credit sold at the points of sale (`/loyalty/top-up/list`, `/loyalty/top-up/new`); never edited, so no edit page. */
export const topUpsApi = /* @__PURE__ */ resourceApi(topUpsResource, { path: '/loyalty/top-up', title: (topUp) => topUp.cardNumber });
