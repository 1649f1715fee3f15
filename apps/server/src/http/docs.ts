import { STATUS_CODES } from 'node:http';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  collectionOf,
  depositChangedProblem,
  MAX_ID,
  MERGE_PATCH,
  machineAuditProblem,
  PROBLEM_JSON,
  problemSchema,
  resources,
  stopDoneProblem,
  violationSchema,
} from '@kovanica/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createJsonSchemaTransformObject, jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operationOf, schemaNameOf, standardOperation } from './operations.ts';
import { problemTitles } from './problems.ts';

/**
 * The problems the dialect answers on any route of a kind, whether the route lists them or not
 * (docs/api.md "Errors"): a bad query or body 400, an unauthenticated or forbidden caller 401/403,
 * an id that names nothing 404, a body too large or of another type 413/415, invalid data 422.
 */
function dialectProblems(route: { url: string; config?: { public?: boolean } }, methods: string[]) {
  const takesBody = methods.some((m) => ['POST', 'PUT', 'PATCH'].includes(m));
  return {
    400: problemSchema,
    ...(route.config?.public ? {} : { 401: problemSchema, 403: problemSchema }),
    ...(route.url.includes(':') ? { 404: problemSchema } : {}),
    ...(takesBody ? { 413: problemSchema, 415: problemSchema, 422: problemSchema } : {}),
  };
}

/**
 * OpenAPI 3.0.3 reads `enum` before `nullable`: a nullable choice lists null among its values, or
 * null is no valid value (zod's conversion leaves it out, so validators refused the app's own answers).
 */
function nullInNullableEnums<T>(node: T): T {
  if (Array.isArray(node)) for (const item of node) nullInNullableEnums(item);
  else if (node && typeof node === 'object') {
    const schema = node as { nullable?: boolean; enum?: unknown[] };
    if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null);
    for (const value of Object.values(node)) nullInNullableEnums(value);
  }
  return node;
}

/**
 * Names the contract's schemas once (zod's global registry, where `fastify-type-provider-zod` looks):
 * each described resource's item, create, patch and collection (`Tag`, `TagCreate`, `TagPatch`,
 * `TagCollection`), and the problem. The document then holds them in `components.schemas` and every
 * operation refers to them (`$ref`) instead of repeating them.
 */
function nameSchemas() {
  const name = (schema: z.ZodType | undefined, id: string) => {
    const meta = schema ? z.globalRegistry.get(schema) : undefined;
    if (schema && !meta?.id) z.globalRegistry.add(schema, { ...meta, id });
  };
  name(problemSchema, 'Problem');
  // Problems with extension members (docs/api.md "Problems"): a Problem and machine-readable facts.
  name(stopDoneProblem, 'StopDoneProblem');
  name(depositChangedProblem, 'DepositChangedProblem');
  name(machineAuditProblem, 'MachineAuditProblem');
  name(violationSchema, 'Violation');
  for (const resource of resources) {
    const stem = schemaNameOf(resource.name);
    name(resource.item, stem);
    name(collectionOf(resource.item), `${stem}Collection`);
    name(resource.create, `${stem}Create`);
    name(resource.patch, `${stem}Patch`);
  }
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every `$ref` under a node. */
function refsOf(node: unknown, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) for (const item of node) refsOf(item, into);
  else if (isObject(node)) {
    if (typeof node.$ref === 'string') into.add(node.$ref.replace('#/components/schemas/', ''));
    for (const value of Object.values(node)) refsOf(value, into);
  }
  return into;
}

/** Rewrites every `$ref` under a node by `rename` (old name → new name). */
function renameRefs(node: unknown, rename: Map<string, string>) {
  if (Array.isArray(node)) for (const item of node) renameRefs(item, rename);
  else if (isObject(node)) {
    const target = typeof node.$ref === 'string' ? rename.get(node.$ref.replace('#/components/schemas/', '')) : undefined;
    if (target) node.$ref = `#/components/schemas/${target}`;
    for (const value of Object.values(node)) renameRefs(value, rename);
  }
}

/**
 * OpenAPI 3.0 ignores whatever stands beside a `$ref` (`readOnly`, `writeOnly`): such a reference goes
 * into an `allOf` of one, and the rest stays with it. A nullable reference is written out instead
 * (`nullable` says nothing of the schemas of an `allOf`: null would not fit the one it refers to).
 */
function refsAlone(node: unknown, schemas: Record<string, unknown>) {
  if (Array.isArray(node)) for (const item of node) refsAlone(item, schemas);
  else if (isObject(node)) {
    // zod writes a nullable reference as `{ allOf: [{ $ref }], nullable: true }`.
    const [only, ...others] = Array.isArray(node.allOf) ? (node.allOf as unknown[]) : [];
    if (node.nullable === true && isObject(only) && typeof only.$ref === 'string' && !others.length && Object.keys(only).length === 1) {
      delete node.allOf;
      node.$ref = only.$ref;
    }
    if (typeof node.$ref === 'string' && Object.keys(node).length > 1) {
      const { $ref, ...beside } = node;
      const target = schemas[$ref.replace('#/components/schemas/', '')];
      delete node.$ref;
      if (beside.nullable === true && isObject(target)) Object.assign(node, structuredClone(target), beside);
      else node.allOf = [{ $ref }];
    }
    for (const value of Object.values(node)) refsAlone(value, schemas);
  }
}

/** The problems' titles (`http/problems.ts`), and so the names of their answers in `components.responses`. */
const titleOf = (status: number) => problemTitles[status] ?? STATUS_CODES[status] ?? 'Error';

/**
 * Every answer of an operation, with its status, for rewriting in place: `visit` returns the answer to
 * put instead, or undefined to keep it.
 */
function eachAnswer(document: Json, visit: (status: number, answer: Json) => Json | undefined) {
  for (const operations of Object.values(isObject(document.paths) ? document.paths : {}))
    for (const operation of Object.values(isObject(operations) ? operations : {})) {
      const answers = isObject(operation) && isObject(operation.responses) ? operation.responses : {};
      for (const [status, answer] of Object.entries(answers)) {
        const instead = isObject(answer) ? visit(Number(status), answer) : undefined;
        if (instead) answers[status] = instead;
      }
    }
}

/**
 * A problem answer that is only the problem (no header of its own) refers to the one of its status in
 * `components.responses` (`BadRequest`): a thousand operations list the same few.
 */
function sharedProblemAnswers(document: Json): Record<string, Json> {
  const shared: Record<string, Json> = {};
  const problem = JSON.stringify({ [PROBLEM_JSON]: { schema: { $ref: '#/components/schemas/Problem' } } });
  eachAnswer(document, (status, answer) => {
    if (status < 400 || answer.headers || JSON.stringify(answer.content) !== problem) return undefined;
    const name = titleOf(status).replace(/\W/g, '');
    shared[name] ??= { description: titleOf(status), content: answer.content };
    return { $ref: `#/components/responses/${name}` };
  });
  return shared;
}

/** The properties of a component (an object, or each member of its `allOf`/`anyOf`/`oneOf`). */
function propertiesOf(schema: unknown): Json[] {
  if (!isObject(schema)) return [];
  const own = isObject(schema.properties) ? [schema.properties] : [];
  const members = ['allOf', 'anyOf', 'oneOf'].flatMap((k) => (Array.isArray(schema[k]) ? (schema[k] as unknown[]) : []));
  return [...own, ...members.flatMap(propertiesOf)];
}

/**
 * The components the paths use, under their names: the library gives each named schema twice (as
 * read, `Tag`, and as written, `TagInput`); only those referred to stay, a written one under its own
 * name when no read one takes it (`TagCreate`). Then an item's fields that no create or patch takes
 * are `readOnly` (`@id`, `createdAt`, counts: a generated form leaves them out), and a create's or
 * patch's fields that the item never shows are `writeOnly` (a password).
 */
function tidyComponents(document: Json): Json {
  const components = (isObject(document.components) ? document.components : {}) as Json;
  const schemas = (isObject(components.schemas) ? components.schemas : {}) as Record<string, unknown>;
  const used = refsOf(document.paths);
  for (let queue = [...used]; queue.length; ) {
    for (const ref of refsOf(schemas[queue.pop() ?? ''])) {
      if (!used.has(ref)) {
        used.add(ref);
        queue.push(ref);
      }
    }
  }
  const rename = new Map<string, string>();
  for (const ref of used) {
    const plain = ref.replace(/Input$/, '');
    if (plain !== ref && !used.has(plain)) rename.set(ref, plain);
  }
  const kept: Record<string, unknown> = {};
  for (const ref of [...used].sort()) kept[rename.get(ref) ?? ref] = schemas[ref];
  renameRefs(document.paths, rename);
  renameRefs(kept, rename);

  for (const resource of resources) {
    if (!resource.create && !resource.patch) continue;
    const stem = schemaNameOf(resource.name);
    const item = propertiesOf(kept[stem]);
    const writes = [...propertiesOf(kept[`${stem}Create`]), ...propertiesOf(kept[`${stem}Patch`])];
    const written = new Set(writes.flatMap(Object.keys));
    const shown = new Set(item.flatMap(Object.keys));
    for (const properties of item)
      for (const [field, schema] of Object.entries(properties)) if (!written.has(field) && isObject(schema)) schema.readOnly = true;
    for (const properties of writes)
      for (const [field, schema] of Object.entries(properties)) if (!shown.has(field) && isObject(schema)) schema.writeOnly = true;
  }
  refsAlone(document.paths, kept);
  refsAlone(kept, kept);
  // An answer's description names its status ("Created"), not the library's "Default Response".
  eachAnswer(document, (status, answer) => {
    if (answer.description === 'Default Response') answer.description = STATUS_CODES[status] ?? 'Answer';
    return undefined;
  });
  const responses = sharedProblemAnswers(document);
  return { ...document, components: { ...components, schemas: kept, responses } };
}

const transformComponents = createJsonSchemaTransformObject({});

/**
 * What an operation's description says beyond its summary: who may call it (the guard's permission,
 * or none), and how errors answer.
 */
function describeOperation(route: Pick<RouteOptions, 'config'>, method: string, url: string): string {
  const config = (route.config ?? {}) as { public?: boolean; permission?: string; allowSelf?: boolean };
  const who = config.public
    ? 'Open without a user token (a route of the telemetry, POS or card-app APIs takes a key of its own: docs/api-guide.md).'
    : `Needs a user's bearer token and the permission \`${config.permission}\`${config.allowSelf ? ' (without it, the caller reaches their own rows only)' : ''}.`;
  const standard = standardOperation(method, url);
  const what = !standard
    ? ''
    : standard.operationId.startsWith('list')
      ? ' Answers one page of the collection, filtered and ordered by the query (docs/api.md "Items and collections").'
      : standard.operationId.startsWith('update')
        ? ' Takes a JSON merge-patch (RFC 7396): fields left out stay, null clears.'
        : '';
  return `${who}${what} Errors answer application/problem+json (RFC 9457), in the caller's language (Accept-Language).`;
}

/** What the common parameters of the routes beyond the standard ones mean. */
const parameterTexts: Record<string, string> = {
  page: '1-based page number (default 1)',
  itemsPerPage: 'Lines per page',
  from: 'The first day of the range (YYYY-MM-DD, a Zagreb business day)',
  to: 'The last day of the range (YYYY-MM-DD, a Zagreb business day)',
  month: 'The month (YYYY-MM)',
  period: 'The length of each period the lines are grouped by',
  group: 'What each line totals',
  subject: 'What each line is about',
  q: 'The text to look for',
  compareFrom: 'The first day of the range compared with (YYYY-MM-DD)',
  compareTo: 'The last day of the range compared with (YYYY-MM-DD)',
  v: "The photo's version, as the user's `photo` link gives it (a new photo, a new URL)",
  uid: "The card's UID, as its reader gives it",
  status: 'Only lines in this state',
};
const relations = new Set(['company', 'device', 'location', 'lessor', 'owner', 'card', 'holder', 'repository']);

/** A description for each parameter the schemas leave undescribed (the `parameter-description` rule of redocly.yaml). */
function describeParameters(schema: unknown, where: 'query' | 'path') {
  if (!isObject(schema) || !isObject(schema.properties)) return;
  for (const [name, property] of Object.entries(schema.properties)) {
    if (!isObject(property) || property.description) continue;
    const order = /^order\[(\w+)\]$/.exec(name)?.[1];
    property.description =
      name === 'id' && where === 'path'
        ? 'The id of the item: an integer 1–2147483647'
        : name === 'client'
          ? 'Accepted and ignored (the legacy client marks its requests with it)'
          : order
            ? `Order by ${order}: asc or desc`
            : relations.has(name)
              ? `Only this ${name}: its IRI or its id`
              : (parameterTexts[name] ?? `The ${name} ${where} parameter (docs/api.md)`);
  }
}

/**
 * A success answer of any shape (`z.any()`: a profile photo, an export's file, refused rows as CSV) is
 * a file the route writes itself, not JSON: the document says bytes, so a generated client reads it as
 * a file (openapi-fetch's `parseAs: 'blob'`) instead of parsing an image as JSON.
 */
function filesAsBytes(response: Record<string, unknown> | undefined) {
  for (const [status, answer] of Object.entries(response ?? {}))
    if (Number(status) < 300 && isObject(answer) && Object.keys(answer).length === 0)
      Object.assign(answer, {
        description: STATUS_CODES[Number(status)] ?? 'File',
        content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
      });
}

/**
 * A path's `id` is an integer to a client (`/tags/{id}` with `id: 5`): the route reads it as text
 * (`http/crud.ts`, `idParams`: digits only, no sign, no leading zero), which is how an integer in the
 * range is written, and a generated client typed it `string`, so every caller turned the `id` of an
 * item it had read into text first.
 */
function idsAsIntegers(params: unknown) {
  const id = isObject(params) && isObject(params.properties) ? params.properties.id : undefined;
  if (isObject(id) && id.type === 'string' && Object.keys(id).every((key) => ['type', 'description'].includes(key)))
    Object.assign(id, { type: 'integer', minimum: 1, maximum: MAX_ID });
}

/**
 * The answers as the server sends them: every error (4xx, 5xx) as `application/problem+json`, the
 * problem schema; everything else as the route declares it.
 */
function asSent(response: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(response).map(([status, schema]) =>
      Number(status) >= 400 && schema instanceof z.ZodType
        ? [status, { description: titleOf(Number(status)), content: { [PROBLEM_JSON]: { schema } } }]
        : [status, schema],
    ),
  );
}

/** OpenAPI 3 generated from the contract schemas on the routes: `/api/v2/docs` and `/api/v2/docs.json`. */
export async function registerDocs(app: FastifyInstance) {
  nameSchemas();
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Kovanica API',
        version: '2.0.0',
        description: 'See docs/api.md for the dialect and docs/api-guide.md for the telemetry, POS and card-app APIs.',
      },
      // The paths carry their /api/v2 prefix: a client calls them on the host that served this document.
      servers: [{ url: '/', description: 'The server that serves this document' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transformObject: (documents) =>
      'openapiObject' in documents ? nullInNullableEnums(tidyComponents(transformComponents(documents) as Json)) : documents.swaggerObject,
    transform: (input) => {
      const methods = [input.route.method].flat();
      const method = methods[0] ?? 'GET';
      const schema = {
        ...input.schema,
        // Names and summaries of every operation: once, in http/operations.ts.
        ...operationOf(method, input.route.url, input.schema),
        description: input.schema?.description ?? describeOperation(input.route, method, input.route.url),
        response: asSent({ ...dialectProblems(input.route, methods), ...(input.schema?.response ?? {}) }),
      };
      const out = jsonSchemaTransform({ ...input, schema });
      const response = out.schema.response as Record<string, unknown> | undefined;
      // A 204 has no content (a schema of type null makes the document give it none).
      if (response?.[204]) response[204] = { type: 'null', description: 'No Content' };
      filesAsBytes(response);
      describeParameters(out.schema.querystring, 'query');
      describeParameters(out.schema.params, 'path');
      idsAsIntegers(out.schema.params);
      // A PATCH body is a merge-patch (RFC 7396), and nothing else is accepted: the document says so.
      return methods.includes('PATCH') ? { ...out, schema: { ...out.schema, consumes: [MERGE_PATCH] } } : out;
    },
  });
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    await scope.register(swaggerUi, { routePrefix: '/api/v2/docs', staticCSP: true });
    scope.get('/api/v2/docs.json', { schema: { hide: true } }, () => app.swagger());
  });
}
