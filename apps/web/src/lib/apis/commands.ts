import { commandsResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

export const commandsApi = /* @__PURE__ */ resourceApi(commandsResource);
