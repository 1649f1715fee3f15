import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses answers above 1 KiB with Brotli or gzip, as the client accepts (decision 0016). Brotli at
 * quality 4: the default 11 costs tens of milliseconds a megabyte for a few percent, on every read of
 * an API that compresses per request. The web app's files come precompressed at build time
 * (`.br`, `.gz`) and are served as they are; an answer that already has an encoding is left alone.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
