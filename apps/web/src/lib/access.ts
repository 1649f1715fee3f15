import {
  can,
  type Module,
  type ModuleComponent,
  mayWriteField,
  type Permission,
  type permissionsByResource,
  type ResourceName,
  resourceComponent,
  resourceModule,
} from '@kovanica/contract';
import { type AccountInfo, getSession, useSession } from './session.ts';

/**
 * Thrown by a route the signed-in user may not open: their role lacks its permission, or their company
 * has its module or module component switched off. The route error page shows a refusal.
 */
export class ForbiddenError extends Error {
  /** The permission, module or module component that is missing. */
  readonly missing: Permission | Module | ModuleComponent;
  /** Why: the user's role, or a part switched off for the company. */
  readonly reason: 'role' | 'switched_off';
  constructor(missing: Permission | Module | ModuleComponent, reason: 'role' | 'switched_off' = 'role') {
    super(`[kovanica-web] access needs ${missing}`);
    this.name = 'ForbiddenError';
    this.missing = missing;
    this.reason = reason;
  }
}

// Switched-off modules and components limit the company's users; admins are not limited (docs/rules.md).
const hasModule = (info: AccountInfo, module: Module) => info.role === 'admin' || (info.company_active_module ?? []).includes(module);
const hasComponent = (info: AccountInfo, component: ModuleComponent) =>
  info.role === 'admin' || (info.activeModuleComponents ?? []).includes(component);

/**
 * For a route's beforeLoad. Hiding the menu entry is not enough: a user can type the address, and
 * should then see why nothing is there rather than a blank page. The server still enforces the rule.
 */
export function requirePermission(permission: Permission): void {
  if (!can(getSession().accountInfo.role, permission)) throw new ForbiddenError(permission);
}

/** For a route's beforeLoad: the company must have the module on (as the server's guard checks it). */
export function requireModule(module: Module): void {
  if (!hasModule(getSession().accountInfo, module)) throw new ForbiddenError(module, 'switched_off');
}

/** For a route's beforeLoad: the company must have the module component on (`devices.map`, `finance.ebitda`…). */
export function requireComponent(component: ModuleComponent): void {
  if (!hasComponent(getSession().accountInfo, component)) throw new ForbiddenError(component, 'switched_off');
}

/** Whether the signed-in role may do something, and the company has the module (and component) it needs. */
export function useAccess() {
  const { accountInfo } = useSession();
  return {
    can: (permission: Permission) => can(accountInfo.role, permission),
    hasModule: (module: Module) => hasModule(accountInfo, module),
    hasComponent: (component: ModuleComponent) => hasComponent(accountInfo, component),
    /** What a route's gate checks, as a yes or no: `<name>.<action>`, the resource's module and its component. */
    mayUse: (name: ResourceName, action: 'read' | 'create' | 'update') => {
      const module = resourceModule[name];
      const component = resourceComponent[name];
      return (
        can(accountInfo.role, `${name}.${action}` as Permission) &&
        (!module || hasModule(accountInfo, module)) &&
        (!component || hasComponent(accountInfo, component))
      );
    },
  };
}

/**
 * Fields of a form the signed-in role may not write (contract `writeRules`, the table the server
 * enforces): the form shows them read-only instead of letting a save be refused.
 */
export function useLockedFields(resource: keyof typeof permissionsByResource, action: 'create' | 'update', own = false) {
  const { accountInfo } = useSession();
  return (field: string) => !accountInfo.role || !mayWriteField(accountInfo.role, resource, action, field, own);
}
