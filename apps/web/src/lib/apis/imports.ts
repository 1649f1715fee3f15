import { importsResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

/** The imports history (decision 0027): read-only; `/imports/history`, a new import at `/imports/new`. */
export const importsApi = /* @__PURE__ */ resourceApi(importsResource, { path: '/imports', title: (record) => record.fileName });
