import { serviceSessionsResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

export const serviceSessionsApi = /* @__PURE__ */ resourceApi(serviceSessionsResource);
