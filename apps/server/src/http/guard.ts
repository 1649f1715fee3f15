import {
  can,
  canViewAllCompanies,
  type Language,
  MERGE_PATCH,
  moduleOf,
  parseId,
  pickLanguage,
  type Role,
  type TokenClaims,
  VIEW_HEADER,
} from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Db } from '../db/client.ts';
import { ACCESS } from './cache.ts';
import type { Actor, RequestContext } from './context.ts';
import type { Deps } from './deps.ts';
import { ApiProblem } from './problems.ts';

export interface RegisteredRoute {
  method: string;
  url: string;
  permission?: string;
  public: boolean;
  allowSelf: boolean;
  /** The resource whose field rules the route enforces (the standard create and update routes). */
  fieldRules?: string;
}

interface ActorRow {
  id: number;
  email: string;
  roles: Role[];
  active: boolean;
  session_epoch: number;
  company_id: number;
  is_top_gun: boolean;
  active_modules: Actor['activeModules'];
  active_module_components: Actor['activeModuleComponents'];
  subsidiary_ids: number[];
}

/** Reads the signed-in user with what access depends on, in one query. */
export async function loadActor(db: Db, userId: number): Promise<Actor | null> {
  const result = await db.execute(sql`
    select u.id, u.email, u.roles, u.active, u.session_epoch, u.company_id, c.is_top_gun, c.active_modules, c.active_module_components,
           array(select s.id from companies s where s.parent_id = c.id order by s.id) as subsidiary_ids
    from users u join companies c on c.id = u.company_id
    where u.id = ${userId}`);
  const row = (result as unknown as { rows: ActorRow[] }).rows[0];
  if (!row?.active || !row.roles[0]) return null;
  return {
    userId: row.id,
    email: row.email,
    role: row.roles[0],
    sessionEpoch: row.session_epoch,
    companyId: row.company_id,
    companyIsTopGun: row.is_top_gun,
    activeModules: row.active_modules,
    activeModuleComponents: row.active_module_components,
    subsidiaryIds: row.subsidiary_ids,
  };
}

/** Tenant scope of a caller: what they may reach, and what collections show in the chosen view. */
export function buildContext(actor: Actor, lang: Language, wantsAll: boolean, ip: string | null = null): RequestContext {
  const wide = canViewAllCompanies(actor.role, actor.companyIsTopGun);
  const visible = actor.role === 'admin' ? null : wide ? [actor.companyId, ...actor.subsidiaryIds] : [actor.companyId];
  const view = wantsAll && wide ? 'all' : 'mine';
  return {
    actor,
    lang,
    view,
    visible,
    listed: view === 'all' ? visible : [actor.companyId],
    can: (permission) => can(actor.role, permission),
    ip,
  };
}

/**
 * Secure by default: every route must declare a permission or say it is public (checked when the
 * app is ready), and every request to a non-public route is authenticated, authorised for the
 * permission and the company's modules, and given its tenant context before anything else runs.
 */
export function registerGuard(app: FastifyInstance, deps: Deps): () => RegisteredRoute[] {
  const routes: RouteOptions[] = [];
  app.decorateRequest('lang', 'en');
  app.decorateRequest('ctx', null);
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onReady', async () => {
    const undeclared = routes.filter((r) => !r.config?.public && !r.config?.permission);
    if (undeclared.length) {
      throw new Error(`Routes without a permission or public flag: ${undeclared.map((r) => `${r.method} ${r.url}`).join(', ')}`);
    }
  });

  app.addHook('onRequest', async (request) => {
    request.lang = pickLanguage(request.headers['accept-language']);
    const config = request.routeOptions.config;
    if (config.public || !config.permission) return; // unmatched routes reach the not-found handler
    request.ctx = await authenticate(deps, request);
    const ctx = request.ctx;
    const permitted = ctx.can(config.permission);
    if (!permitted && !config.allowSelf) throw new ApiProblem(403, 'forbidden');
    if (ctx.actor.role !== 'admin') {
      const module = moduleOf(config.permission);
      if (module && !ctx.actor.activeModules.includes(module)) throw new ApiProblem(403, 'module_off', { module });
      if (config.component && !ctx.actor.activeModuleComponents.includes(config.component)) {
        throw new ApiProblem(403, 'module_off', { module: config.component });
      }
    }
  });

  // PATCH takes only JSON merge-patch (RFC 7396).
  app.addContentTypeParser(MERGE_PATCH, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  app.addHook('preValidation', async (request) => {
    if (request.method !== 'PATCH') return;
    const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== MERGE_PATCH) throw new ApiProblem(415, 'unsupported_media_type', { expected: MERGE_PATCH });
  });

  return () =>
    routes.map((r) => ({
      method: String(r.method),
      url: r.url,
      permission: r.config?.permission,
      public: Boolean(r.config?.public),
      allowSelf: Boolean(r.config?.allowSelf),
      fieldRules: r.config?.fieldRules,
    }));
}

/** The tag of one user's cached access: a sign-out bumps it alone (the answers' cache stays). */
export const sessionTag = (userId: number) => `session:${userId}`;

async function authenticate(deps: Deps, request: FastifyRequest): Promise<RequestContext> {
  const refuse = (code: 'unauthenticated' | 'token_expired' | 'session_ended') =>
    new ApiProblem(401, code, {}, [], { 'www-authenticate': 'Bearer' });
  if (!request.headers.authorization) throw refuse('unauthenticated');
  let claims: TokenClaims;
  try {
    // Only HS256, and only tokens that expire and name their user and session (app.ts, the jwt options).
    claims = await request.jwtVerify<TokenClaims>();
  } catch (error) {
    throw refuse((error as { code?: string }).code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED' ? 'token_expired' : 'unauthenticated');
  }
  // A token signed with the right key but naming no valid user id is a forgery or a bug: refuse it.
  const sub = typeof claims.sub === 'string' ? parseId(claims.sub) : null;
  if (sub === null || !Number.isInteger(claims.ver)) throw refuse('unauthenticated');
  let actor = deps.actors?.get(String(sub));
  if (actor === undefined) {
    // Stamped before the read: a sign-out or role change landing meanwhile is not cached over.
    const tags = [ACCESS, sessionTag(sub)];
    const stamp = deps.actors?.stamp(tags);
    actor = await loadActor(deps.db, sub);
    deps.actors?.set(String(sub), tags, actor, stamp);
  }
  if (!actor) throw refuse('unauthenticated');
  // Sign-ins issued before the user's last password, role or company change, deactivation or sign-out.
  if (claims.ver !== actor.sessionEpoch) throw refuse('session_ended');
  return buildContext(actor, request.lang, request.headers[VIEW_HEADER] === 'all', request.ip);
}
