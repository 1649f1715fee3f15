import { maintenanceResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

export const maintenanceApi = /* @__PURE__ */ resourceApi(maintenanceResource);
