import { API_BASE, type CollectionSpec, iriTarget, type Resource, resourceClass, resources } from '@kovanica/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { collectionQuerySchema } from '../core/collection.ts';
import { notFound } from '../core/errors.ts';

/**
 * API Platform's JSON-LD and Hydra, as its clients (API Platform Admin, its client generators) expect
 * them (docs/api.md "JSON-LD and Hydra"): the API documentation (`/api/v2/docs.jsonld`), the
 * entrypoint (`/api/v2`), a context per class (`/api/v2/contexts/Tag`), the `Link` header that points
 * to the documentation on every API answer, `application/ld+json` bodies, and answers in JSON-LD to
 * an `Accept: application/ld+json`. Everything is derived from the contract's resource descriptions
 * and the routes registered for them; plain JSON stays the default and unchanged.
 */

export const JSON_LD = 'application/ld+json';
export const DOCS_JSONLD = `${API_BASE}/docs.jsonld`;
const HYDRA = 'http://www.w3.org/ns/hydra/core#';
const API_DOCUMENTATION_REL = `${HYDRA}apiDocumentation`;
const ENTRYPOINT = 'Entrypoint';

/** The IRI of a class's JSON-LD context: `/api/v2/contexts/Tag`. */
export const contextIri = (cls: string) => `${API_BASE}/contexts/${cls}`;

const byName = new Map<string, Resource>(resources.map((r) => [r.name, r as Resource]));

/**
 * The class whose items a route answers: the collection and item routes of a described resource
 * (`/api/v2/tags`, `/api/v2/tags/:id`), standard or hand-written. Other routes (reports, actions)
 * answer plain JSON whatever the caller accepts.
 */
function classOfRoute(url: string | undefined): string | null {
  const m = url ? /^\/api\/v2\/([a-z-]+)(?:\/:id)?$/.exec(url) : null;
  const resource = m?.[1] ? byName.get(m[1]) : undefined;
  return resource ? resourceClass(resource) : null;
}

/**
 * Does the caller prefer JSON-LD to JSON? Only an explicit `application/ld+json` with a quality at
 * least that of `application/json` (on a tie the one named first): `*∕*` and no Accept mean JSON.
 */
export function prefersJsonLd(accept: string | undefined): boolean {
  if (!accept?.includes(JSON_LD)) return false;
  let ld = -1;
  let json = -1;
  let ldFirst = false;
  for (const range of accept.split(',')) {
    const [type = '', ...params] = range.split(';').map((p) => p.trim().toLowerCase());
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q)) continue;
    if (type === JSON_LD && q > ld) {
      if (json < 0) ldFirst = true;
      ld = q;
    } else if (type === 'application/json' && q > json) json = q;
  }
  return ld > 0 && (ld > json || (ld === json && ldFirst));
}

/** The context IRI an answer of this request carries, or null when it answers plain JSON. */
export function jsonLdContextOf(request: FastifyRequest): string | null {
  const cls = classOfRoute(request.routeOptions.url);
  return cls && prefersJsonLd(request.headers.accept) ? contextIri(cls) : null;
}

/** A serialised JSON object with `@context` first (`{"@context":"/api/v2/contexts/Tag","@id":…}`). */
export function withContext(body: string, context: string): string {
  if (!body.startsWith('{')) return body;
  const rest = body.slice(1).trimStart();
  return `{"@context":${JSON.stringify(context)}${rest.startsWith('}') ? '' : ','}${rest}`;
}

/** Parameters of a collection that page it: no filter, no order. */
const PAGING = new Set(['page', 'itemsPerPage', 'client', 'cursor']);

/**
 * A collection's filters and orders as API Platform describes them in its answers (`search`, a
 * `hydra:IriTemplate`): one variable per parameter the collection takes (`name`, `tags[]`,
 * `createdAt[after]`, `order[name]`), each mapped to the field it is about. Hydra clients read it to
 * offer filters and sortable columns (API Platform Admin makes a column sortable only when its order
 * is listed here). Derived from the same spec that `parseCollectionQuery` checks the query against.
 */
export function searchOf(path: string, spec: CollectionSpec) {
  const params = Object.keys(collectionQuerySchema(spec).shape).filter((param) => !PAGING.has(param));
  const lists = Object.entries(spec.filters).flatMap(([field, kind]) => (kind === 'range' ? [] : [`${field}[]`]));
  const variables = [...params, ...lists].sort();
  return {
    '@type': 'IriTemplate',
    template: `${path}{?${variables.join(',')}}`,
    variableRepresentation: 'BasicRepresentation',
    mapping: variables.map((variable) => ({
      '@type': 'IriTemplateMapping',
      variable,
      property: /^order\[(.+)\]$/.exec(variable)?.[1] ?? variable.replace(/\[.*$/, ''),
      required: false,
    })),
  };
}

/** A serialised collection with its `search` last, as API Platform places it. */
export function withSearch(body: string, search: string): string {
  return body.endsWith('}') ? `${body.slice(0, -1)},"search":${search}}` : body;
}

/** The documentation's absolute IRI on the host the caller reached: clients resolve the classes against it. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * The dialect's hooks, registered before any route: `application/ld+json` bodies parse as JSON; every
 * API answer links the documentation; an answer of a resource's route is JSON-LD when the caller
 * prefers it. Returns what the documentation routes need: the routes registered, by URL and method.
 */
export function registerJsonLd(app: FastifyInstance): RouteBodies {
  app.addContentTypeParser(JSON_LD, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  const routes: RouteBodies = new Map();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_BASE)) return;
    const methods = routes.get(route.url) ?? new Map<string, z.ZodType | undefined>();
    for (const method of [route.method].flat()) methods.set(method, route.schema?.body as z.ZodType | undefined);
    routes.set(route.url, methods);
  });
  app.addHook('onRequest', async (request, reply) => {
    const { url } = request;
    if (url === API_BASE || url.startsWith(`${API_BASE}/`) || url.startsWith(`${API_BASE}?`)) {
      reply.header('link', `<${originOf(request)}${DOCS_JSONLD}>; rel="${API_DOCUMENTATION_REL}"`);
    }
  });
  // Before compression (a route's own hook, run after these): the body is still the serialised text.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith(API_BASE) || classOfRoute(request.routeOptions.url) === null) return payload;
    varyOnAccept(reply);
    const context = jsonLdContextOf(request);
    if (!context || typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').startsWith('application/json'))
      return payload;
    reply.header('content-type', `${JSON_LD}; charset=utf-8`);
    return withContext(payload, context);
  });
  return routes;
}

/** The registered API routes: URL → method → body schema (what the documentation says is writable). */
export type RouteBodies = Map<string, Map<string, z.ZodType | undefined>>;

function varyOnAccept(reply: FastifyReply) {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/\baccept\b/i.test(vary)) reply.header('vary', vary ? `${vary}, Accept` : 'Accept');
}

/**
 * The documentation routes, public like `/api/v2/docs.json` and kept out of the OpenAPI document:
 * `/api/v2/docs.jsonld`, `/api/v2` and `/api/v2/contexts/{class}`. Always JSON-LD (they are nothing
 * else). Built once per origin, after every route is registered.
 */
export async function registerHydraDocs(app: FastifyInstance, routes: RouteBodies) {
  const built = new Map<string, Built>();
  const build = (request: FastifyRequest) => {
    const origin = originOf(request);
    let found = built.get(origin);
    if (!found) {
      found = buildDocumentation(origin, routes);
      // The origin comes from the Host header: a few are kept, not one per name a client makes up.
      if (built.size >= 8) built.clear();
      built.set(origin, found);
    }
    return found;
  };
  const send = (reply: FastifyReply, body: unknown) => reply.type(`${JSON_LD}; charset=utf-8`).send(JSON.stringify(body));
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    scope.get(DOCS_JSONLD, { schema: { hide: true } }, (request, reply) => send(reply, build(request).documentation));
    scope.get(API_BASE, { schema: { hide: true } }, (request, reply) => send(reply, build(request).entrypoint));
    scope.get<{ Params: { name: string } }>(`${API_BASE}/contexts/:name`, { schema: { hide: true } }, (request, reply) => {
      const context = build(request).contexts.get(request.params.name);
      if (!context) throw notFound();
      return send(reply, { '@context': context });
    });
  });
}

interface Built {
  documentation: unknown;
  entrypoint: Record<string, string>;
  contexts: Map<string, Record<string, unknown>>;
}

/** A described resource as its routes offer it: the class, its item schema and the bodies its writes take. */
interface Offered {
  resource: Resource;
  cls: string;
  path: string;
  operations: { list: boolean; create?: z.ZodType; get: boolean; update?: z.ZodType; updateMethod?: 'PATCH' | 'PUT'; remove: boolean };
}

function offered(routes: RouteBodies): Offered[] {
  return [...byName.values()].flatMap((resource) => {
    const path = `${API_BASE}/${resource.name}`;
    const collection = routes.get(path);
    if (!collection?.has('GET')) return []; // a resource without a list has no place in the entrypoint
    const item = routes.get(`${path}/:id`);
    const updateMethod = item?.has('PATCH') ? 'PATCH' : item?.has('PUT') ? 'PUT' : undefined;
    return [
      {
        resource,
        cls: resourceClass(resource),
        path,
        operations: {
          list: true,
          create: collection.has('POST') ? (collection.get('POST') ?? z.object({})) : undefined,
          get: Boolean(item?.has('GET')),
          update: updateMethod ? (item?.get(updateMethod) ?? z.object({})) : undefined,
          updateMethod,
          remove: Boolean(item?.has('DELETE')),
        },
      },
    ];
  });
}

/** The fields of an object schema (through refinements and pipes), or none. */
export function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> | null {
  let current: z.ZodType | undefined = schema;
  for (let depth = 0; current && depth < 8; depth++) {
    const def = current._zod.def as { type: string; shape?: Record<string, z.ZodType>; in?: z.ZodType; innerType?: z.ZodType };
    if (def.type === 'object' && def.shape) return def.shape;
    current = def.in ?? def.innerType;
  }
  return null;
}

const xsd: Record<string, string> = {
  integer: 'xmls:integer',
  number: 'xmls:decimal',
  boolean: 'xmls:boolean',
  'date-time': 'xmls:dateTime',
  date: 'xmls:date',
  string: 'xmls:string',
};

/** A scalar field's XML Schema type, from its JSON Schema; undefined for objects, arrays and mixtures. */
function rangeOf(schema: z.ZodType): string | undefined {
  let json: { type?: string | string[]; format?: string; anyOf?: { type?: string; format?: string }[] };
  try {
    json = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'output' }) as typeof json;
  } catch {
    return undefined;
  }
  const options = json.anyOf ?? [json];
  const [only, ...more] = options.filter((o) => o.type !== 'null');
  if (!only || more.length || typeof only.type !== 'string') return undefined;
  if (only.type === 'string' && only.format && xsd[only.format]) return xsd[only.format];
  return xsd[only.type];
}

/** Is this field a list (through optional, nullable, defaults and pipes)? `tags` is; `company` is not. */
function isList(schema: z.ZodType): boolean {
  let current: z.ZodType | undefined = schema;
  for (let depth = 0; current && depth < 8; depth++) {
    const def = current._zod.def as { type: string; innerType?: z.ZodType; in?: z.ZodType };
    if (def.type === 'array') return true;
    current = def.innerType ?? def.in;
  }
  return false;
}

const required = (schema: z.ZodType) => !schema.safeParse(undefined).success;
const lcfirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The Hydra documentation, the entrypoint and the contexts, for clients reaching the API at `origin`. */
export function buildDocumentation(origin: string, routes: RouteBodies): Built {
  const vocab = `${origin}${DOCS_JSONLD}#`;
  const all = offered(routes);
  const classOf = new Map<string, string>(all.map((o) => [o.resource.name, o.cls]));
  const contexts = new Map<string, Record<string, unknown>>();
  const hydraTerms = {
    Collection: 'hydra:Collection',
    member: 'hydra:member',
    totalItems: 'hydra:totalItems',
    view: 'hydra:view',
    first: { '@id': 'hydra:first', '@type': '@id' },
    last: { '@id': 'hydra:last', '@type': '@id' },
    next: { '@id': 'hydra:next', '@type': '@id' },
    previous: { '@id': 'hydra:previous', '@type': '@id' },
    search: 'hydra:search',
    IriTemplate: 'hydra:IriTemplate',
    template: 'hydra:template',
    variableRepresentation: { '@id': 'hydra:variableRepresentation', '@type': '@vocab' },
    BasicRepresentation: 'hydra:BasicRepresentation',
    mapping: 'hydra:mapping',
    IriTemplateMapping: 'hydra:IriTemplateMapping',
    variable: 'hydra:variable',
    // The field's name, read as the class's term (`name` is `Tag/name`): the property it filters.
    property: { '@id': 'hydra:property', '@type': '@vocab' },
    required: 'hydra:required',
  };

  const supportedClasses = all.map(({ resource, cls, operations }) => {
    const item = shapeOf(resource.item) ?? {};
    const create = shapeOf(operations.create) ?? {};
    const update = shapeOf(operations.update) ?? {};
    const names = [...new Set([...Object.keys(item), ...Object.keys(create), ...Object.keys(update)])].filter((n) => !n.startsWith('@'));
    const terms: Record<string, unknown> = {};
    const properties = names.map((name) => {
      const written = create[name] ?? update[name];
      const target = written ? iriTarget(written) : undefined;
      const targetClass = target ? (classOf.get(target) ?? resourceClassOfName(target)) : undefined;
      const range = targetClass ? `#${targetClass}` : rangeOf((item[name] ?? written) as z.ZodType);
      terms[name] = targetClass ? { '@id': `${cls}/${name}`, '@type': '@id' } : `${cls}/${name}`;
      return {
        '@type': 'hydra:SupportedProperty',
        'hydra:property': {
          '@id': `#${cls}/${name}`,
          '@type': targetClass ? 'hydra:Link' : 'rdf:Property',
          'rdfs:label': name,
          domain: `#${cls}`,
          ...(range ? { range } : {}),
          // A relation to one item, as API Platform marks it: Hydra clients show a link, not a list.
          ...(targetClass && written && !isList(written) ? { 'owl:maxCardinality': 1 } : {}),
        },
        'hydra:title': name,
        'hydra:required': Boolean(create[name] && required(create[name])),
        'hydra:readable': name in item,
        'hydra:writeable': name in create || name in update,
      };
    });
    contexts.set(cls, { '@vocab': vocab, hydra: HYDRA, ...hydraTerms, ...terms });
    const itemOperations = [
      operations.get && operation('GET', 'schema:FindAction', `Retrieves a ${cls} resource.`, { returns: `#${cls}` }),
      operations.update &&
        operation(operations.updateMethod ?? 'PATCH', 'schema:ReplaceAction', `Updates the ${cls} resource.`, {
          expects: `#${cls}`,
          returns: `#${cls}`,
        }),
      operations.remove && operation('DELETE', 'schema:DeleteAction', `Deletes the ${cls} resource.`, { returns: 'owl:Nothing' }),
    ].filter(Boolean);
    return {
      '@id': `#${cls}`,
      '@type': 'hydra:Class',
      'rdfs:label': cls,
      'hydra:title': cls,
      'hydra:supportedProperty': properties,
      'hydra:supportedOperation': itemOperations,
    };
  });

  const entrypointTerms: Record<string, unknown> = {};
  const entrypoint: Record<string, string> = { '@context': contextIri(ENTRYPOINT), '@id': API_BASE, '@type': ENTRYPOINT };
  const entrypointProperties = all.map(({ cls, path, operations }) => {
    const key = lcfirst(cls);
    entrypointTerms[key] = { '@id': `${ENTRYPOINT}/${key}`, '@type': '@id' };
    entrypoint[key] = path;
    return {
      '@type': 'hydra:SupportedProperty',
      'hydra:property': {
        '@id': `#${ENTRYPOINT}/${key}`,
        '@type': 'hydra:Link',
        domain: `#${ENTRYPOINT}`,
        'rdfs:label': `The collection of ${cls} resources`,
        'rdfs:range': [
          { '@id': 'hydra:Collection' },
          { 'owl:equivalentClass': { 'owl:onProperty': { '@id': 'hydra:member' }, 'owl:allValuesFrom': { '@id': `#${cls}` } } },
        ],
        'hydra:supportedOperation': [
          operation('GET', 'schema:FindAction', `Retrieves the collection of ${cls} resources.`, { returns: 'hydra:Collection' }),
          ...(operations.create
            ? [operation('POST', 'schema:CreateAction', `Creates a ${cls} resource.`, { expects: `#${cls}`, returns: `#${cls}` })]
            : []),
        ],
      },
      'hydra:title': `The collection of ${cls} resources`,
      'hydra:readable': true,
      'hydra:writeable': false,
    };
  });
  contexts.set(ENTRYPOINT, { '@vocab': vocab, hydra: HYDRA, ...entrypointTerms });

  const documentation = {
    '@context': {
      '@vocab': vocab,
      hydra: HYDRA,
      rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
      rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
      xmls: 'http://www.w3.org/2001/XMLSchema#',
      owl: 'http://www.w3.org/2002/07/owl#',
      schema: 'https://schema.org/',
      domain: { '@id': 'rdfs:domain', '@type': '@id' },
      range: { '@id': 'rdfs:range', '@type': '@id' },
      subClassOf: { '@id': 'rdfs:subClassOf', '@type': '@id' },
      expects: { '@id': 'hydra:expects', '@type': '@id' },
      returns: { '@id': 'hydra:returns', '@type': '@id' },
    },
    '@id': DOCS_JSONLD,
    '@type': 'hydra:ApiDocumentation',
    'hydra:title': 'Kovanica API',
    'hydra:description': 'The dialect: docs/api.md. OpenAPI: /api/v2/docs.json.',
    'hydra:entrypoint': API_BASE,
    'hydra:supportedClass': [
      ...supportedClasses,
      {
        '@id': `#${ENTRYPOINT}`,
        '@type': 'hydra:Class',
        'rdfs:label': ENTRYPOINT,
        'hydra:title': 'The API entrypoint',
        'hydra:supportedProperty': entrypointProperties,
        'hydra:supportedOperation': [operation('GET', 'schema:FindAction', 'The API entrypoint.', { returns: `#${ENTRYPOINT}` })],
      },
    ],
  };
  return { documentation, entrypoint, contexts };
}

/** A relation to a collection that is not offered (no list route): its class by the contract's naming. */
function resourceClassOfName(name: string): string {
  const resource = byName.get(name);
  return resource ? resourceClass(resource) : resourceClass({ name: name as Resource['name'] });
}

function operation(method: string, action: string, title: string, io: { expects?: string; returns: string }) {
  return { '@type': ['hydra:Operation', action], 'hydra:method': method, 'hydra:title': title, 'rdfs:label': title, ...io };
}
