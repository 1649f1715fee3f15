import { problemSchema } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { DomainError } from '../../core/errors.ts';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';

/**
 * Whether this instance takes new work (docs/deploy.md "Rolling restart"): false once it is asked to
 * stop, so the proxy's checks take it out of the pool before it closes.
 */
export class Readiness {
  draining = false;
}

export function healthRoutes(fastify: Api, { db }: Deps, readiness: Readiness) {
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
  fastify.get('/api/v2/health/ready', {
    config: { public: true },
    schema: {
      tags: ['health'],
      summary: 'Readiness for a load balancer: the database answers and the instance is not stopping (503 while it drains).',
      security: [],
      response: { 200: z.object({ status: z.literal('ready') }), 503: problemSchema },
    },
    handler: async () => {
      if (readiness.draining) throw new DomainError(503, 'shutting_down');
      await db.execute(sql`select 1`);
      return { status: 'ready' as const };
    },
  });
}
