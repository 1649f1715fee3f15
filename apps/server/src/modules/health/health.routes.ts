import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';

export function healthRoutes(fastify: Api, { db }: Deps) {
  fastify.get('/api/v2/health', {
    config: { public: true },
    schema: {
      tags: ['health'],
      summary: 'Liveness and database check.',
      security: [],
      response: { 200: z.object({ status: z.literal('ok') }) },
    },
    handler: async () => {
      await db.execute(sql`select 1`);
      return { status: 'ok' as const };
    },
  });
}
