import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { MERGE_PATCH, problemSchema } from '@kovanica/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { operationOf } from './operations.ts';

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

/** OpenAPI 3 generated from the contract schemas on the routes: `/api/v2/docs` and `/api/v2/docs.json`. */
export async function registerDocs(app: FastifyInstance) {
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
    transformObject: (documents) => ('openapiObject' in documents ? nullInNullableEnums(documents.openapiObject) : documents.swaggerObject),
    transform: (input) => {
      const methods = [input.route.method].flat();
      const schema = {
        ...input.schema,
        // Names and summaries of every operation: once, in http/operations.ts.
        ...operationOf(methods[0] ?? 'GET', input.route.url, input.schema),
        response: { ...dialectProblems(input.route, methods), ...(input.schema?.response ?? {}) },
      };
      const out = jsonSchemaTransform({ ...input, schema });
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
