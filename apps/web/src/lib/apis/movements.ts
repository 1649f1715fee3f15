import { movementsResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

/** Movements have no screens of their own: they are listed and booked on a repository's page (and an article's). */
export const movementsApi = /* @__PURE__ */ resourceApi(movementsResource);
