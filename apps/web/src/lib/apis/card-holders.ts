import { cardHoldersResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

/** Card holders are the original's loyalty "users" (`/loyalty/users`); their promo boxes sit under them. */
export const cardHoldersApi = /* @__PURE__ */ resourceApi(cardHoldersResource, {
  path: '/loyalty/users',
  title: (holder) => `${holder.name} ${holder.surname}`,
});
