import { telemetryHoldsResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

export const telemetryHoldsApi = /* @__PURE__ */ resourceApi(telemetryHoldsResource);
