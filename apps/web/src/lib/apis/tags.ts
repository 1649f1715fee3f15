import { tagsResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

export const tagsApi = /* @__PURE__ */ resourceApi(tagsResource, { path: '/tags', title: (tag) => tag.name });
