import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A page of the build, as it is and as the build precompressed it (or compressed here once). */
function pageOf(file: string) {
  const plain = readFileSync(file);
  const encoded = (ext: string, compress: (b: Buffer) => Buffer) =>
    existsSync(`${file}.${ext}`) ? readFileSync(`${file}.${ext}`) : compress(plain);
  return { plain, br: encoded('br', brotliCompressSync), gzip: encoded('gz', gzipSync) };
}

/**
 * Serves the built web app from `dir`: hashed assets are cached for a year (precompressed files as the
 * client accepts them), the pages never; `/login` gets the sign-in page (`login.html`, a page apart
 * from the app: decision 0016) and any other path without a file extension gets `index.html`, so
 * client routes survive a reload.
 * Returns the fallback for the not-found handler, or null when there is no build.
 */
export async function registerWeb(app: FastifyInstance, dir: string) {
  const indexFile = path.join(dir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ dir }, 'web app not built: run `npm run build` to serve it');
    return null;
  }
  // The not-found handler that answers with a page runs outside the compression hook.
  const index = pageOf(indexFile);
  const signIn = existsSync(path.join(dir, 'login.html')) ? pageOf(path.join(dir, 'login.html')) : index;
  const negotiator = new Negotiator({ supportedValues: ['br', 'gzip'] as const });
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    await scope.register(fastifyStatic, {
      root: dir,
      wildcard: false,
      index: false,
      // The build writes each asset's .br and .gz beside it (decision 0016).
      preCompressed: true,
      setHeaders: (res, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  });
  return (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' || pathname.startsWith('/api/') || path.extname(pathname)) return false;
    const page = pathname === '/login' ? signIn : index;
    const encoding = negotiator.negotiate(request.headers['accept-encoding'] ?? '');
    reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding).send(page[encoding]);
    else reply.send(page.plain);
    return true;
  };
}
