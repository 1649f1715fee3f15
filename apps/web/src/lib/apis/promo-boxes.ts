import { promoBoxesResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

export const promoBoxesApi = /* @__PURE__ */ resourceApi(promoBoxesResource, {
  path: '/loyalty/users/promo-boxes',
  title: (box) => box.title,
});
