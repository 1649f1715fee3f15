import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MapTiles } from '@kovanica/contract';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Where the configured map tiles come from, as a CSP source: the URL template's scheme and host (a
 * `{s}` subdomain becomes `*`), nothing more; none without tiles.
 */
export function tileSource(tiles: MapTiles | null | undefined): string | null {
  const origin = tiles ? /^(https?:\/\/[^/?#\s]+)/.exec(tiles.url)?.[1] : undefined;
  if (!origin) return null;
  const source = origin.replace(/\{s\}/g, '*');
  // Anything else in braces would make a source no browser matches: better none than a wrong one.
  return /[{}]/.test(source) ? null : source;
}

/**
 * Helmet's security headers, worked out once at start and set on every answer. (Running helmet per
 * request rebuilt the same static headers each time and cost more than a cached API read.) A route
 * may still override one, as the API docs page does with its own CSP. API answers are `no-store`.
 * Images may come from the configured map tile server too.
 */
export function registerSecurityHeaders(app: FastifyInstance, { mapTiles }: { mapTiles?: MapTiles | null } = {}) {
  const tiles = tileSource(mapTiles);
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
        // The maps' tile server, and only it, besides the app's own images (decision 0052).
        'img-src': ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
        // The installable app (decision 0054): its manifest and its service worker, both of this origin.
        'manifest-src': ["'self'"],
        'worker-src': ["'self'"],
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
