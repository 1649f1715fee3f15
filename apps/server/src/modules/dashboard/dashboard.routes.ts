import { dashboardFigures, dashboardSummary, problemSchema } from '@kovanica/contract';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import type { Deps } from '../../http/deps.ts';
import { dashboardFigures as readFigures } from './dashboard.figures.ts';
import { dashboardService } from './dashboard.service.ts';

export function dashboardRoutes(fastify: Api, { db }: Deps) {
  const service = dashboardService(db);
  fastify.get('/api/v2/dashboard/summary', {
    config: { permission: 'dashboard.read' },
    schema: {
      tags: ['dashboard'],
      summary: 'Counts for the companies in the current view.',
      response: { 200: dashboardSummary, 401: problemSchema },
    },
    handler: (request) => service.summary(contextOf(request)),
  });

  // The money figures: for those who may read revenue (a worker's dashboard shows the counts above).
  fastify.get('/api/v2/dashboard/figures', {
    config: { permission: 'revenue.read' },
    schema: {
      tags: ['dashboard'],
      summary:
        'Revenue indexes, fleet figures, balance, traffic over 30 and 365 days and the 30-day traffic forecast, for the current view.',
      response: { 200: dashboardFigures, 401: problemSchema, 403: problemSchema },
    },
    handler: (request) => readFigures(db, contextOf(request)),
  });
}
