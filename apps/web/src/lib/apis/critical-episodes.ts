import { criticalEpisodesResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

export const criticalEpisodesApi = /* @__PURE__ */ resourceApi(criticalEpisodesResource);
