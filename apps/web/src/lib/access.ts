import { can, type Module, type Permission } from '@kovanica/contract';
import { getSession, useSession } from './session.ts';

/** Thrown by a route whose permission the signed-in role lacks; the route error page shows a refusal. */
export class ForbiddenError extends Error {
  readonly permission: Permission;
  constructor(permission: Permission) {
    super(`[kovanica-web] the role lacks ${permission}`);
    this.name = 'ForbiddenError';
    this.permission = permission;
  }
}

/**
 * For a route's beforeLoad. Hiding the menu entry is not enough: a user can type the address, and
 * should then see why nothing is there rather than a blank page. The server still enforces the rule.
 */
export function requirePermission(permission: Permission): void {
  if (!can(getSession().accountInfo.role, permission)) throw new ForbiddenError(permission);
}

/** Whether the signed-in role may do something, and the company has the module it needs. */
export function useAccess() {
  const { accountInfo } = useSession();
  return {
    can: (permission: Permission) => can(accountInfo.role, permission),
    hasModule: (module: Module) => accountInfo.role === 'admin' || (accountInfo.company_active_module ?? []).includes(module),
  };
}
