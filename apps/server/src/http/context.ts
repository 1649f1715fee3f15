import type { Language, Module, ModuleComponent, Permission, permissionsByResource, Role } from '@kovanica/contract';

/** The signed-in user as every request sees it, read fresh from the database. */
export interface Actor {
  userId: number;
  email: string;
  role: Role;
  /** Tokens issued in another epoch are refused (docs/rules.md, "Sessions"). */
  sessionEpoch: number;
  companyId: number;
  companyIsTopGun: boolean;
  activeModules: readonly Module[];
  activeModuleComponents: readonly ModuleComponent[];
  /** Direct subsidiaries of the user's company. */
  subsidiaryIds: readonly number[];
}

/**
 * What a service needs to know about the caller. Tenant scoping is decided here once:
 * - `visible`: companies whose rows the caller may reach by id (null: every company, for admins);
 * - `listed`: companies that collections show in the current view (My Company or All Companies).
 */
export interface RequestContext {
  actor: Actor;
  lang: Language;
  view: 'mine' | 'all';
  visible: readonly number[] | null;
  listed: readonly number[] | null;
  can(permission: Permission): boolean;
  /** The caller's address (behind a trusted proxy, the client's), recorded in the audit trail; null outside a request. */
  ip: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission the route needs; every route names one unless it is `public`. */
    permission?: Permission;
    /** Open to anyone, signed in or not. */
    public?: boolean;
    /** A caller without `permission` still passes and the service limits the answer to their own rows. */
    allowSelf?: boolean;
    /** The resource whose field rules (contract `writeRules`) the route enforces on its body. */
    fieldRules?: keyof typeof permissionsByResource;
    /** A module component the route needs besides its module. */
    component?: ModuleComponent;
  }
  interface FastifyRequest {
    lang: Language;
    ctx: RequestContext | null;
  }
}

/** The caller's context on a guarded route (the guard has set it). */
export function contextOf(request: { ctx: RequestContext | null }): RequestContext {
  if (!request.ctx) throw new Error('route is not guarded');
  return request.ctx;
}
