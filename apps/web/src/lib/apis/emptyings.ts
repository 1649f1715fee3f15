import { emptyingsResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

export const emptyingsApi = /* @__PURE__ */ resourceApi(emptyingsResource);
