import { loggersResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

export const loggersApi = /* @__PURE__ */ resourceApi(loggersResource, { path: '/loggers', title: (logger) => logger.imei });
