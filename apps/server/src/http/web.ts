import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Serves the built web app from `dir`: hashed assets are cached for a year, `index.html` never, and
 * any other path without a file extension gets `index.html` so client routes survive a reload.
 * Returns the fallback for the not-found handler, or null when there is no build.
 */
export async function registerWeb(app: FastifyInstance, dir: string) {
  const indexFile = path.join(dir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ dir }, 'web app not built: run `npm run build` to serve it');
    return null;
  }
  const index = readFileSync(indexFile);
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    await scope.register(fastifyStatic, {
      root: dir,
      wildcard: false,
      index: false,
      setHeaders: (res, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  });
  return (url: string, method: string, reply: FastifyReply) => {
    const pathname = url.split('?')[0] ?? '/';
    if (method !== 'GET' || pathname.startsWith('/api/') || path.extname(pathname)) return false;
    reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index);
    return true;
  };
}
