import { loyaltyOwnersResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

/** Who runs a loyalty programme (`/loyalty/owners`); promotions and the programme's other resources pick them. */
export const loyaltyOwnersApi = /* @__PURE__ */ resourceApi(loyaltyOwnersResource, {
  path: '/loyalty/owners',
  title: (owner) => owner.name,
});
