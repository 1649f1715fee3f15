import { fiscalCertificatesResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

export const fiscalCertificatesApi = /* @__PURE__ */ resourceApi(fiscalCertificatesResource);
