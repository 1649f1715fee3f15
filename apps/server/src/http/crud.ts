import {
  type CollectionSpec,
  collectionOf as collectionSchema,
  hasOwnWrites,
  mayWriteField,
  type Permission,
  parseId,
  problemSchema,
  type Resource,
  writeRules,
} from '@kovanica/contract';
import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ACCESS } from '../core/cache.ts';
import { type CollectionColumns, collectionOf, parseCollectionQuery } from '../core/collection.ts';
import type { Actor, RequestContext } from '../core/context.ts';
import { DomainError, invalid, notFound } from '../core/errors.ts';
import { type CrudService, isReplay } from '../core/service.ts';
import type { Deps, ListSource } from '../deps.ts';
import { documentedCollectionQuery } from './collection-docs.ts';
import { contextOf } from './context.ts';
import { isEmptyPatch } from './empty-patch.ts';
import { JSON_LD, jsonLdContextOf, searchOf, withContext, withSearch } from './hydra.ts';

export interface CrudDefinition<Item extends { '@id': string }, Create, Patch> {
  /** The contract's description: name, schemas, collection, component, what it embeds and changes. */
  resource: Resource<Item, Create, Patch>;
  /** The column of each filter and order field; by default the table's column of that name (`company`: `companyId`). */
  columns?: CollectionColumns;
  /** The resource's table, when its filter and order fields are its columns. */
  table?: PgTable;
  /** A read-only resource gives only `list` and `get`: routes exist for the operations it has. */
  service: Pick<CrudService<Item, Create, Patch>, 'list' | 'get'> & Partial<CrudService<Item, Create, Patch>>;
  /** Operations a caller without the permission may still use on their own rows. */
  allowSelf?: { read?: boolean; update?: boolean };
  /**
   * Is this row (an item, a create body, or an item with a patch applied) the caller's own? The
   * contract's `writeRules` give some roles writes on their own records only.
   */
  owned?: (row: Record<string, unknown>, userId: number, actor: Actor) => boolean;
  /**
   * The create takes a client's request id: a retried request answers the item the first one made,
   * with 200 instead of 201 (the service marks it with `replayed`). Declared in the OpenAPI.
   */
  replays?: boolean;
  /** The item's entity tag, sent as the `ETag` of its GET (docs/api.md "If-Match"). */
  etag?: (item: Item) => string;
}

/** An id in a path: digits only (`0x10`, `1e1`, ` 1`, `01` name nothing), within `MAX_ID`. */
export const idParams = z.object({
  id: z
    .string()
    .refine((v) => parseId(v) !== null)
    .transform(Number),
});
type IdParams = z.infer<typeof idParams>;
const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };

/**
 * The standard list/get/create/update/delete routes of one resource, in the common dialect. Anything
 * beyond these is written out in the resource's own routes file. Bodies and params reach the
 * handlers already validated (and coerced) by the route schemas. The one place that casts them: its
 * schemas are the resource's, known here only as the generic `Create` and `Patch` its service takes
 * (a module's own routes are typed from their schemas, http/api.ts).
 */
export function registerCrud<Item extends { '@id': string }, Create, Patch>(
  app: FastifyInstance,
  deps: Deps,
  def: CrudDefinition<Item, Create, Patch>,
) {
  const { resource, service } = def;
  const columns = def.columns ?? tableColumns(def.table, resource.collection);
  const { name } = resource;
  const base = `/api/v2/${name}`;
  const perm = (action: string) => `${name}.${action}` as Permission;
  const tags = [name];
  const cacheTags = [name, ACCESS, ...(resource.embeds ?? [])];
  const listSchema = collectionSchema(resource.item);
  deps.lists.set(name, {
    spec: resource.collection,
    columns,
    list: service.list as ListSource['list'],
    permission: perm('read'),
    component: resource.component,
  });

  // What a JSON-LD answer of the list says of its filters and orders (http/hydra.ts).
  const search = JSON.stringify(searchOf(base, resource.collection));

  /**
   * Serves a GET from the response cache, or computes, serialises and caches it. `list`: a collection,
   * whose JSON-LD answer also describes its filters (`search`).
   */
  const cached = async (
    request: FastifyRequest,
    reply: FastifyReply,
    schema: z.ZodType,
    compute: () => Promise<unknown>,
    list = false,
    etag?: (body: string) => string,
  ) => {
    const ctx = contextOf(request);
    // JSON-LD or JSON, as the caller accepts (http/hydra.ts): the type is part of the key.
    const context = jsonLdContextOf(request);
    const type = context ? `${JSON_LD}; charset=utf-8` : 'application/json; charset=utf-8';
    const key = `${ctx.actor.userId}|${ctx.view}|${ctx.lang}|${context ? 'ld' : 'json'}|${request.url.replace(/([?&])client=[^&]*&?/, '$1')}`;
    let body = deps.responses?.get(key);
    if (body === undefined) {
      const stamp = deps.responses?.stamp(cacheTags);
      body = JSON.stringify(z.encode(schema, await compute()));
      if (context) body = withContext(body, context);
      if (context && list) body = withSearch(body, search);
      deps.responses?.set(key, cacheTags, body, stamp);
    }
    if (etag) reply.header('etag', etag(body));
    return reply.type(type).send(body);
  };

  /** Writes invalidate the resource's cached reads, whatever their outcome. */
  const writing = async <T>(work: () => Promise<T>) => {
    try {
      return await work();
    } finally {
      deps.versions.bump(name);
      for (const other of resource.invalidates ?? []) deps.versions.bump(other);
    }
  };

  app.route({
    method: 'GET',
    url: base,
    config: { permission: perm('read'), allowSelf: def.allowSelf?.read, component: resource.component },
    schema: { tags, querystring: documentedCollectionQuery(resource.collection, columns), response: { 200: listSchema, ...errors } },
    handler: (request, reply) =>
      cached(
        request,
        reply,
        listSchema,
        async () => {
          const query = parseCollectionQuery(request.query as Record<string, string>, resource.collection, columns);
          const { items, total, next } = await service.list(contextOf(request), query);
          return collectionOf(request.url, query, total, items, next);
        },
        true,
      ),
  });

  app.route({
    method: 'GET',
    url: `${base}/:id`,
    config: { permission: perm('read'), allowSelf: def.allowSelf?.read, component: resource.component },
    schema: { tags, params: idParams, response: { 200: resource.item, ...errors } },
    handler: (request, reply) =>
      cached(
        request,
        reply,
        resource.item,
        async () => {
          const item = await service.get(contextOf(request), (request.params as IdParams).id);
          if (!item) throw notFound();
          return item;
        },
        false,
        def.etag ? (body) => def.etag?.(JSON.parse(body) as Item) ?? '' : undefined,
      ),
  });

  /**
   * Field-level authorization (contract `writeRules`): every field of the body is checked for the
   * caller's role, on their own record or not. The row is read only when a rule depends on it.
   */
  const authorizeWrite = async (ctx: RequestContext, action: 'create' | 'update', body: object, id?: number) => {
    const { role, userId } = ctx.actor;
    // Fields with a rule first: the refusal names the field the rule is about.
    const fields = Object.keys(body).sort((a, b) => Number(Boolean(ruled(b))) - Number(Boolean(ruled(a))));
    let own = false;
    if (def.owned && id === undefined) own = def.owned(body as Record<string, unknown>, userId, ctx.actor);
    else if (def.owned && fields.some((f) => ruled(f)?.notOwn || !mayWriteField(role, name, action, f, false))) {
      const current = await service.get(ctx, id ?? 0);
      if (!current) throw notFound();
      own = def.owned(current, userId, ctx.actor) && def.owned({ ...current, ...body }, userId, ctx.actor);
    }
    for (const field of fields) {
      if (mayWriteField(role, name, action, field, own)) continue;
      if (own && ruled(field)?.notOwn) throw invalid(field, 'own_role');
      throw new DomainError(403, 'forbidden_field', { field });
    }
  };
  const ruled = (field: string) => writeRules[name]?.fields?.[field];

  /** Roles that may delete only their own rows (contract `writeRules.ownOnly`). */
  const authorizeDelete = async (ctx: RequestContext, id: number) => {
    if (!def.owned || !writeRules[name]?.ownOnly?.includes(ctx.actor.role)) return;
    const current = await service.get(ctx, id);
    if (!current) throw notFound();
    if (!def.owned(current, ctx.actor.userId, ctx.actor)) throw new DomainError(403, 'forbidden');
  };

  const { create, update, remove } = service;
  if (create && resource.create) {
    app.route({
      method: 'POST',
      url: base,
      config: { permission: perm('create'), component: resource.component, fieldRules: name },
      schema: {
        tags,
        body: resource.create,
        response: { 201: resource.item, ...(def.replays ? { 200: resource.item } : {}), ...errors, 422: problemSchema },
      },
      handler: async (request, reply) => {
        const ctx = contextOf(request);
        await authorizeWrite(ctx, 'create', request.body as object);
        const item = await writing(() => create(ctx, request.body as Create));
        return reply
          .code(isReplay(item) ? 200 : 201)
          .header('location', item['@id'])
          .send(item);
      },
    });
  }

  if (update && resource.patch) {
    app.route({
      method: 'PATCH',
      url: `${base}/:id`,
      config: {
        permission: perm('update'),
        allowSelf: def.allowSelf?.update ?? hasOwnWrites(name),
        component: resource.component,
        fieldRules: name,
      },
      schema: {
        tags,
        params: idParams,
        body: resource.patch,
        response: { 200: resource.item, ...errors, 415: problemSchema, 422: problemSchema },
      },
      handler: async (request) => {
        const ctx = contextOf(request);
        const { id } = request.params as IdParams;
        // An empty merge-patch changes nothing (RFC 7396): the answer is the item as it is.
        if (isEmptyPatch(request.body)) {
          const item = await service.get(ctx, id);
          if (!item) throw notFound();
          return item;
        }
        await authorizeWrite(ctx, 'update', request.body as object, id);
        const item = await writing(() => update(ctx, id, request.body as Patch));
        if (!item) throw notFound();
        return item;
      },
    });
  }

  if (remove) {
    app.route({
      method: 'DELETE',
      url: `${base}/:id`,
      config: { permission: perm('delete'), component: resource.component },
      schema: { tags, params: idParams, response: { 204: z.null(), ...errors, 409: problemSchema } },
      handler: async (request, reply) => {
        const ctx = contextOf(request);
        const { id } = request.params as IdParams;
        await authorizeDelete(ctx, id);
        if (!(await writing(() => remove(ctx, id)))) throw notFound();
        return reply.code(204).send();
      },
    });
  }
}

/** A collection's columns taken from its table by field name (`company` is `companyId`); a field without one fails at start. */
function tableColumns(table: PgTable | undefined, spec: CollectionSpec): CollectionColumns {
  const all: Record<string, CollectionColumns[string]> = table ? getTableColumns(table) : {};
  const fields = new Set([...Object.keys(spec.filters ?? {}), ...(spec.order ?? [])]);
  return Object.fromEntries(
    [...fields].map((field) => {
      const column = all[field] ?? all[`${field}Id`];
      if (!column) throw new Error(`collection field ${field} has no column: give registerCrud its columns`);
      return [field, column];
    }),
  );
}
