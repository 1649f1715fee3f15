import { devicesResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

export const devicesApi = /* @__PURE__ */ resourceApi(devicesResource, { path: '/devices', title: (device) => device.name });
