import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's security headers, worked out once at start and set on every answer. (Running helmet per
 * request rebuilt the same static headers each time and cost more than a cached API read.) A route
 * may still override one, as the API docs page does with its own CSP. API answers are `no-store`.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  // Served over plain HTTP by default (TLS belongs to the proxy in front), so no HSTS or upgrades.
  helmet({
    strictTransportSecurity: false,
    contentSecurityPolicy: {
      directives: {
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'upgrade-insecure-requests': null,
      },
    },
  })({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    // API answers are personal (a user's rows, a token): no shared or browser cache may keep them.
    // Set before the guard runs, so its 401 and 403 carry it too; the docs may be kept.
    if (request.url.startsWith('/api/v2/') && !request.url.startsWith('/api/v2/docs')) reply.header('cache-control', 'no-store');
  });
}
