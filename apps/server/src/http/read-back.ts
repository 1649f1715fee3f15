import { isDeepStrictEqual } from 'node:util';
import { API_BASE, VIEW_HEADER } from '@kovanica/contract';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import { contextIri, shapeOf } from './hydra.ts';

type Body = Record<string, unknown>;
const isObject = (value: unknown): value is Body => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A record sent back whole (an admin client's edit form PATCHes every field it read: `@id`, `@type`,
 * `@context`, `id`, counts, `createdAt`…) is accepted: a field the PATCH does not take whose value
 * equals the item's current one is dropped before validation; one that differs still answers 400
 * `unknown_field` naming it (docs/api.md "Writes"). The item is read, as the caller reads it, only when
 * the body holds such fields. Besides the item's own fields, what API Platform Admin adds to a record
 * it sends back counts as unchanged: `@context` (the class's context), `id` holding the item's IRI
 * (its records' identifier) and `originId` holding the item's id. Applies to every PATCH route of the
 * API whose body is an object and whose path also answers a GET (`/api/v2/tags/:id`, `/api/v2/settings`).
 * Register before the routes.
 */
export function acceptUnchangedFields(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (![route.method].flat().includes('PATCH') || !route.url.startsWith(`${API_BASE}/`)) return;
    const shape = shapeOf(route.schema?.body as z.ZodType | undefined);
    if (!shape) return;
    const hook: preValidationAsyncHookHandler = async (request) => {
      const body = request.body;
      if (!isObject(body)) return;
      const extra = Object.keys(body).filter((key) => !Object.hasOwn(shape, key));
      if (!extra.length) return;
      const current = await readBack(app, request);
      if (!current) return;
      for (const key of extra) if (unchanged(key, body[key], current)) delete body[key];
    };
    const own = route.preValidation;
    route.preValidation = own ? [...(Array.isArray(own) ? own : [own]), hook] : hook;
  });
}

/** The item as the caller reads it now (its GET, served from the read cache when it can be), or null. */
async function readBack(app: FastifyInstance, request: FastifyRequest): Promise<Body | null> {
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const name of ['authorization', 'accept-language', VIEW_HEADER]) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const res = await app.inject({ method: 'GET', url: request.url.split('?')[0] ?? request.url, headers });
  if (res.statusCode !== 200) return null;
  try {
    const item: unknown = res.json();
    return isObject(item) ? item : null;
  } catch {
    return null;
  }
}

function unchanged(key: string, value: unknown, current: Body): boolean {
  if (Object.hasOwn(current, key) && isDeepStrictEqual(value, current[key])) return true;
  switch (key) {
    case '@context':
      return typeof current['@type'] === 'string' && value === contextIri(current['@type']);
    case 'id':
      return value === current['@id'];
    case 'originId':
      return !Object.hasOwn(current, key) && current.id !== undefined && String(value) === String(current.id);
    default:
      return false;
  }
}
