import type { Language, ModuleComponent, Permission, permissionsByResource } from '@kovanica/contract';
import type { RequestContext } from '../core/context.ts';

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
