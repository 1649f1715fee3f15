import { posOwnersResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

/** The loyalty programme's points of sale (`/loyalty/pos-*`) and promotions (`/loyalty/promotions`, listed at `/all`). */
export const posOwnersApi = /* @__PURE__ */ resourceApi(posOwnersResource, { path: '/loyalty/pos-owners', title: (owner) => owner.name });
