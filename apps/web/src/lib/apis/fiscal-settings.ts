import { fiscalSettingsResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

/** One per company (its id is the company's), on `/settings/fiscal`. */
export const fiscalSettingsApi = /* @__PURE__ */ resourceApi(fiscalSettingsResource);
