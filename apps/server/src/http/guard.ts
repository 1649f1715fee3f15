import { MERGE_PATCH, moduleOf, parseId, pickLanguage, type TokenClaims, VIEW_HEADER } from '@kovanica/contract';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { ACCESS, sessionTag } from '../core/cache.ts';
import { buildContext, loadActor, type RequestContext } from '../core/context.ts';
import { DomainError } from '../core/errors.ts';
import type { Deps } from '../deps.ts';

export interface RegisteredRoute {
  method: string;
  url: string;
  permission?: string;
  public: boolean;
  allowSelf: boolean;
  /** The resource whose field rules the route enforces (the standard create and update routes). */
  fieldRules?: string;
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
    if (!permitted && !config.allowSelf) throw new DomainError(403, 'forbidden');
    if (ctx.actor.role !== 'admin') {
      const module = moduleOf(config.permission);
      if (module && !ctx.actor.activeModules.includes(module)) throw new DomainError(403, 'module_off', { module });
      if (config.component && !ctx.actor.activeModuleComponents.includes(config.component)) {
        throw new DomainError(403, 'module_off', { module: config.component });
      }
    }
  });

  // PATCH takes only JSON merge-patch (RFC 7396).
  app.addContentTypeParser(MERGE_PATCH, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  app.addHook('preValidation', async (request) => {
    if (request.method !== 'PATCH') return;
    const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== MERGE_PATCH) throw new DomainError(415, 'unsupported_media_type', { expected: MERGE_PATCH });
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

async function authenticate(deps: Deps, request: FastifyRequest): Promise<RequestContext> {
  const refuse = (code: 'unauthenticated' | 'token_expired' | 'session_ended') =>
    new DomainError(401, code, {}, [], { 'www-authenticate': 'Bearer' });
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
  return buildContext(actor, request.lang, request.headers[VIEW_HEADER] === 'all', request.ip, request.id);
}
