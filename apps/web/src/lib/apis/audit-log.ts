import { auditLogResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

/** The audit trail (decision 0028): read-only; `/audit-log/list` and each audited record's history. */
export const auditLogApi = /* @__PURE__ */ resourceApi(auditLogResource);
