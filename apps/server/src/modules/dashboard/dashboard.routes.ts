import { dashboardSummary, problemSchema } from '@kovanica/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../http/context.ts';
import type { Deps } from '../../http/deps.ts';
import { dashboardService } from './dashboard.service.ts';

export function dashboardRoutes(fastify: FastifyInstance, { db }: Deps) {
  const service = dashboardService(db);
  fastify.withTypeProvider<ZodTypeProvider>().get('/api/v2/dashboard/summary', {
    config: { permission: 'dashboard.read' },
    schema: {
      tags: ['dashboard'],
      summary: 'Counts for the companies in the current view.',
      response: { 200: dashboardSummary, 401: problemSchema },
    },
    handler: (request) => service.summary(contextOf(request)),
  });
}
