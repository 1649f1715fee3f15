import { promotionsResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

export const promotionsApi = /* @__PURE__ */ resourceApi(promotionsResource, {
  path: '/loyalty/promotions',
  title: (promotion) => promotion.name,
});
