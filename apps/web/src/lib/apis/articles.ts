import { articlesResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

/** Stock (the `stock` module): its screens live under `/articles` as in the original (`/articles/items`, `/articles/repositories`). */
export const articlesApi = /* @__PURE__ */ resourceApi(articlesResource, { path: '/articles/items', title: (article) => article.name });
