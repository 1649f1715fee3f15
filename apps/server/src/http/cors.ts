import cors from '@fastify/cors';
import { VIEW_HEADER } from '@kovanica/contract';
import type { FastifyInstance } from 'fastify';

/** What a browser page of an allowed origin may send, and read of the answers (decision 0046). */
export const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'];
export const CORS_REQUEST_HEADERS = [
  'Authorization',
  'Content-Type',
  'Accept',
  VIEW_HEADER,
  'Accept-Language',
  'Idempotency-Key',
  'If-Match',
];
export const CORS_EXPOSED_HEADERS = ['Link', 'Location', 'Retry-After', 'Content-Disposition', 'ETag'];

/**
 * Cross-origin requests from the configured origins only (`CORS_ORIGINS`, decision 0046): their
 * preflights are answered before the guard (a browser sends no token with one), and their answers
 * carry `Access-Control-Allow-Origin` and the headers they may read. Any other origin gets no CORS
 * header at all, and its preflight the 404 of an unknown route, as without origins configured (then
 * nothing is registered). Register before the guard, so that its refusals carry the headers too.
 */
export async function registerCors(app: FastifyInstance, origins: readonly string[]) {
  if (!origins.length) return;
  const allowed = new Set(origins);
  // The plugin's catch-all OPTIONS route only lets preflights through its hook: nothing to guard.
  app.addHook('onRoute', (route) => {
    if ((route.url === '*' || route.url === '/*') && [route.method].flat().includes('OPTIONS')) {
      route.config = { ...route.config, public: true };
    }
  });
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin) ? origin : false),
    methods: CORS_METHODS,
    allowedHeaders: CORS_REQUEST_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    // A browser asks again at most every 10 minutes (Chromium's own cap is 2 hours).
    maxAge: 600,
  });
}
