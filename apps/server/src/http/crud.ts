import {
  type CollectionSpec,
  collectionOf as collectionSchema,
  type ModuleComponent,
  type Permission,
  type permissionsByResource,
  problemSchema,
} from '@kovanica/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ACCESS } from './cache.ts';
import { type CollectionColumns, type CollectionQuery, collectionOf, collectionQuerySchema, parseCollectionQuery } from './collection.ts';
import { contextOf, type RequestContext } from './context.ts';
import type { Deps } from './deps.ts';
import { notFound } from './problems.ts';

/** What a resource's service provides for the standard operations. */
export interface CrudService<Item, Create, Patch> {
  list(ctx: RequestContext, query: CollectionQuery): Promise<{ items: Item[]; total: number }>;
  get(ctx: RequestContext, id: number): Promise<Item | null>;
  create(ctx: RequestContext, input: Create): Promise<Item>;
  update(ctx: RequestContext, id: number, patch: Patch): Promise<Item | null>;
  remove(ctx: RequestContext, id: number): Promise<boolean>;
}

export interface CrudDefinition<Item extends { '@id': string }, Create, Patch> {
  /** Collection path segment and permission resource, e.g. `users`. */
  name: keyof typeof permissionsByResource;
  item: z.ZodType<Item>;
  /** Request schemas, for the operations the service has. */
  create?: z.ZodType<Create>;
  patch?: z.ZodType<Patch>;
  collection: CollectionSpec;
  columns: CollectionColumns;
  /** A read-only resource gives only `list` and `get`: routes exist for the operations it has. */
  service: Pick<CrudService<Item, Create, Patch>, 'list' | 'get'> & Partial<CrudService<Item, Create, Patch>>;
  /** Operations a caller without the permission may still use on their own rows. */
  allowSelf?: { read?: boolean; update?: boolean };
  /** Other resources whose data the answers include (cache invalidation); the resource itself is implied. */
  reads?: string[];
  /** Other resources whose rows the writes may change too (cache invalidation). */
  writes?: string[];
  /** The module component the resource needs besides its module (`devices.maintenance`). */
  component?: ModuleComponent;
}

export const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
type IdParams = z.infer<typeof idParams>;
const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };

/**
 * The standard list/get/create/update/delete routes of one resource, in the common dialect. Anything
 * beyond these is written out in the resource's own routes file. Bodies and params reach the
 * handlers already validated (and coerced) by the route schemas.
 */
export function registerCrud<Item extends { '@id': string }, Create, Patch>(
  app: FastifyInstance,
  deps: Deps,
  def: CrudDefinition<Item, Create, Patch>,
) {
  const base = `/api/v2/${def.name}`;
  const perm = (action: string) => `${def.name}.${action}` as Permission;
  const tags = [def.name];
  const { service } = def;
  const cacheTags = [def.name, ACCESS, ...(def.reads ?? [])];
  const listSchema = collectionSchema(def.item);

  /** Serves a GET from the response cache, or computes, serialises and caches it. */
  const cached = async (request: FastifyRequest, reply: FastifyReply, schema: z.ZodType, compute: () => Promise<unknown>) => {
    const ctx = contextOf(request);
    const key = `${ctx.actor.userId}|${ctx.view}|${ctx.lang}|${request.url.replace(/([?&])client=[^&]*&?/, '$1')}`;
    let body = deps.responses?.get(key);
    if (body === undefined) {
      body = JSON.stringify(z.encode(schema, await compute()));
      deps.responses?.set(key, cacheTags, body);
    }
    return reply.type('application/json; charset=utf-8').send(body);
  };

  /** Writes invalidate the resource's cached reads, whatever their outcome. */
  const writing = async <T>(work: () => Promise<T>) => {
    try {
      return await work();
    } finally {
      deps.versions.bump(def.name);
      for (const other of def.writes ?? []) deps.versions.bump(other);
    }
  };

  app.route({
    method: 'GET',
    url: base,
    config: { permission: perm('read'), allowSelf: def.allowSelf?.read, component: def.component },
    schema: { tags, querystring: collectionQuerySchema(def.collection), response: { 200: listSchema, ...errors } },
    handler: (request, reply) =>
      cached(request, reply, listSchema, async () => {
        const query = parseCollectionQuery(request.query as Record<string, string>, def.collection, def.columns);
        const { items, total } = await service.list(contextOf(request), query);
        return collectionOf(request.url, query, total, items);
      }),
  });

  app.route({
    method: 'GET',
    url: `${base}/:id`,
    config: { permission: perm('read'), allowSelf: def.allowSelf?.read, component: def.component },
    schema: { tags, params: idParams, response: { 200: def.item, ...errors } },
    handler: (request, reply) =>
      cached(request, reply, def.item, async () => {
        const item = await service.get(contextOf(request), (request.params as IdParams).id);
        if (!item) throw notFound();
        return item;
      }),
  });

  const { create, update, remove } = service;
  if (create && def.create) {
    app.route({
      method: 'POST',
      url: base,
      config: { permission: perm('create'), component: def.component },
      schema: { tags, body: def.create, response: { 201: def.item, ...errors, 422: problemSchema } },
      handler: async (request, reply) => {
        const item = await writing(() => create(contextOf(request), request.body as Create));
        return reply.code(201).header('location', item['@id']).send(item);
      },
    });
  }

  if (update && def.patch) {
    app.route({
      method: 'PATCH',
      url: `${base}/:id`,
      config: { permission: perm('update'), allowSelf: def.allowSelf?.update, component: def.component },
      schema: { tags, params: idParams, body: def.patch, response: { 200: def.item, ...errors, 415: problemSchema, 422: problemSchema } },
      handler: async (request) => {
        const item = await writing(() => update(contextOf(request), (request.params as IdParams).id, request.body as Patch));
        if (!item) throw notFound();
        return item;
      },
    });
  }

  if (remove) {
    app.route({
      method: 'DELETE',
      url: `${base}/:id`,
      config: { permission: perm('delete'), component: def.component },
      schema: { tags, params: idParams, response: { 204: z.null(), ...errors, 409: problemSchema } },
      handler: async (request, reply) => {
        if (!(await writing(() => remove(contextOf(request), (request.params as IdParams).id)))) throw notFound();
        return reply.code(204).send();
      },
    });
  }
}
