import { machineAuditsResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

/** Machine audits (EVA-DTS files): `/machine-audits/list`, one at `/machine-audits/$id`, none made by a form. */
export const machineAuditsApi = /* @__PURE__ */ resourceApi(machineAuditsResource, {
  path: '/machine-audits',
  title: (audit) => audit.fileName,
});
