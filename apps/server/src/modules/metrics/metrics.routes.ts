import { timingSafeEqual } from 'node:crypto';
import { notFound } from '../../core/errors.ts';
import type { Metrics } from '../../core/metrics.ts';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { operationalFigures } from './metrics.service.ts';

/** Who may scrape: with a token, who sends it; without one, only this machine (docs/deploy.md "What to watch"). */
export interface MetricsAccess {
  token: string | null;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function allowed(access: MetricsAccess, ip: string, authorization: string | undefined): boolean {
  if (access.token === null) return LOOPBACK.has(ip);
  const sent = Buffer.from(authorization ?? '');
  const expected = Buffer.from(`Bearer ${access.token}`);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

/**
 * `GET /metrics`: Prometheus's exposition format. Not part of the API (no `/api/v2`, no user): a
 * scraper is no user. Anyone else gets the 404 of a path that is not there.
 */
export function metricsRoutes(app: Api, deps: Deps, metrics: Metrics, access: MetricsAccess) {
  app.get('/metrics', {
    config: { public: true },
    schema: { hide: true },
    handler: async (request, reply) => {
      if (!allowed(access, request.ip, request.headers.authorization)) throw notFound();
      const { contentType, text } = await metrics.render(await operationalFigures(deps.db));
      return reply.header('content-type', contentType).header('cache-control', 'no-store').send(text);
    },
  });
}
