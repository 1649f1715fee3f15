import { auditLogResource } from '@kovanica/contract';
import { auditLog } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { registerCrud } from '../../http/crud.ts';
import { auditLogService } from './audit-log.service.ts';

/** The audit trail (decision 0028): listed and read only; it is written by the services it records. */
export function auditLogRoutes(app: Api, deps: Deps) {
  registerCrud(app, deps, {
    resource: auditLogResource,
    columns: {
      id: auditLog.id,
      at: auditLog.at,
      company: auditLog.companyId,
      resource: auditLog.resource,
      recordId: auditLog.recordId,
      user: auditLog.userId,
      action: auditLog.action,
    },
    service: auditLogService(deps.db),
  });
}
