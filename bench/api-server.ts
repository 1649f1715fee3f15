/**
 * A server for the API benchmark, in its own process so the load generator has the other core:
 *   app <pglite|postgres-url> [nocache]  the real app (demo seed + 40 users), answering authenticated reads
 *   bare <json-file>           a bare Fastify route answering the same JSON
 * Prints `ready <port>` when listening.
 */
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { users } from '../apps/server/src/db/schema/index.ts';
import { isEmpty, seedDemo } from '../apps/server/src/db/seed/demo.ts';

const [mode, arg, flag] = process.argv.slice(2);
let app: FastifyInstance;
if (mode === 'bare') {
  const body = readFileSync(arg ?? '', 'utf8');
  app = Fastify();
  app.get('/api/v2/users', { config: { public: true } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(body),
  );
} else {
  const database = await openDatabase(arg === 'pglite' || !arg ? { pglite: await PGlite.create() } : { url: arg });
  await database.migrate();
  // The cached and the uncached run share a PostgreSQL database: fill it once.
  if (await isEmpty(database.db)) {
    await seedDemo(database.db);
    const [first] = await database.db.select().from(users);
    await database.db.insert(users).values(
      Array.from({ length: 40 }, (_, i) => ({
        companyId: 1,
        email: `bench${i}@zabavni.test`,
        name: `Bench${i}`,
        surname: `User${i}`,
        roles: ['worker' as const],
        passwordHash: first?.passwordHash ?? '',
        phone: '+385 91 000 0000',
      })),
    );
  }
  app = await buildApp({ database, jwtSecret: 'bench-secret-bench-secret-bench-secret!!', webDist: null, cache: flag !== 'nocache' });
  app.addHook('onClose', () => database.close());
}
await app.listen({ port: 0, host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
console.log(`ready ${(app.server.address() as { port: number }).port}`);
