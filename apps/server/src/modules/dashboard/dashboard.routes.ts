import { dashboardFigures, dashboardSummary, demoHistoryStatus, problemSchema } from '@kovanica/contract';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import { demoHistoryStatusOf } from './dashboard.demo-history.ts';
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

  // Whether the demo's past is still being written (decision 0044): the screens that read it say so.
  fastify.get('/api/v2/dashboard/demo-history', {
    config: { permission: 'dashboard.read' },
    schema: {
      tags: ['dashboard'],
      summary: 'Progress of the demo history the first start writes in the background.',
      response: { 200: demoHistoryStatus, 401: problemSchema },
    },
    handler: () => demoHistoryStatusOf(db),
  });
}
