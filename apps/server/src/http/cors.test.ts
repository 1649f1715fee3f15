import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../app.ts';
import { FISCAL_TEST_SECRET, JWT_TEST_SECRET } from '../testing/app.ts';
import { freshDatabase } from '../testing/database.ts';

const ADMIN = 'https://admin.example.hr';

/** An app with the given CORS origins, on a database of its own (no data needed: the headers are the question). */
async function appWith(corsOrigins?: string[]): Promise<FastifyInstance> {
  const database = await freshDatabase();
  const app = await buildApp({ database, jwtSecret: JWT_TEST_SECRET, fiscalKeySecret: FISCAL_TEST_SECRET, webDist: null, corsOrigins });
  await app.ready();
  onTestFinished(async () => {
    await app.close();
    await database.dispose();
  });
  return app;
}

const preflight = (app: FastifyInstance, origin: string) =>
  app.inject({
    method: 'OPTIONS',
    url: '/api/v2/tags/7',
    headers: { origin, 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization, content-type' },
  });
const corsHeaders = (headers: Record<string, unknown>) => Object.keys(headers).filter((h) => h.startsWith('access-control-'));

describe('CORS', () => {
  it('answers an allowed origin’s preflight and requests with the methods, headers and exposed headers', async () => {
    const app = await appWith([ADMIN, 'http://localhost:5173']);
    const pre = await preflight(app, ADMIN);
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe(ADMIN);
    expect(pre.headers['access-control-allow-methods']).toBe('GET, HEAD, POST, PATCH, DELETE');
    expect(pre.headers['access-control-allow-headers']).toBe(
      'Authorization, Content-Type, Accept, x-kovanica-view, Accept-Language, Idempotency-Key, If-Match',
    );
    expect(pre.headers['access-control-max-age']).toBe('600');

    // A request: the documentation, and a refusal of the guard (the browser must be able to read a 401).
    for (const url of ['/api/v2/docs.jsonld', '/api/v2/tags']) {
      const res = await app.inject({ url, headers: { origin: ADMIN } });
      expect(res.headers['access-control-allow-origin'], url).toBe(ADMIN);
      expect(res.headers['access-control-expose-headers'], url).toBe('Link, Location, Retry-After, Content-Disposition, ETag');
      expect(String(res.headers.vary), url).toMatch(/Origin/);
    }
    expect((await app.inject({ url: '/api/v2/tags', headers: { origin: ADMIN } })).statusCode).toBe(401);
  });

  it('gives another origin no CORS header at all', async () => {
    const app = await appWith([ADMIN]);
    const pre = await preflight(app, 'https://evil.example.com');
    expect(pre.statusCode).toBe(404);
    expect(corsHeaders(pre.headers)).toEqual([]);
    const res = await app.inject({ url: '/api/v2/docs.jsonld', headers: { origin: 'https://evil.example.com' } });
    expect(res.statusCode).toBe(200);
    expect(corsHeaders(res.headers)).toEqual([]);
  });

  it('sends none by default (no origins configured)', async () => {
    const app = await appWith();
    const pre = await preflight(app, ADMIN);
    expect(pre.statusCode).toBe(404);
    expect(corsHeaders(pre.headers)).toEqual([]);
    const res = await app.inject({ url: '/api/v2/docs.jsonld', headers: { origin: ADMIN } });
    expect(corsHeaders(res.headers)).toEqual([]);
    expect(app.registeredRoutes().some((r) => r.method === 'OPTIONS')).toBe(false);
  });
});
