import { problemSchema } from '@kovanica/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** The query of a GET route that declares none: only the legacy app's `client` marker (docs/api.md "Basics"). */
const clientOnly = z.strictObject({ client: z.string().optional() });

/**
 * Unknown query parameters answer 400 on every API GET route (each distinct URL would otherwise be a
 * new cache entry): a route that declares no query string gets one that takes only `client`.
 * Register before the routes.
 */
export function refuseUndeclaredQueries(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => m === 'GET' || m === 'HEAD') || !route.url.startsWith('/api/v2/') || route.url.startsWith('/api/v2/docs'))
      return;
    if (route.schema?.querystring) return;
    // The route can now answer 400: documented like its other answers.
    const response = route.schema?.response as Record<string, unknown> | undefined;
    route.schema = {
      ...route.schema,
      querystring: clientOnly,
      ...(response && !response[400] ? { response: { ...response, 400: problemSchema } } : {}),
    };
  });
}
