import {
  type ComparativeQuery,
  comparativeAnalysis,
  comparativeQuery,
  type FinanceQuery,
  financeQuery,
  financeReport,
  problemSchema,
} from '@kovanica/contract';
import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../http/context.ts';
import type { Deps } from '../../http/deps.ts';
import { comparativeAnalysis as compare } from './comparative.service.ts';
import { financeReport as report } from './finance.service.ts';

/** The money reports (issue 12), read from the rollups. */
export function reportsRoutes(app: FastifyInstance, deps: Deps) {
  app.route({
    method: 'GET',
    url: '/api/v2/finance-report',
    config: { permission: 'finance.read' },
    schema: {
      tags: ['reports'],
      summary: "Revenue in its parts, net, VAT, rent and the operator's share per device, location, lessor or company and period",
      querystring: financeQuery,
      response: { 200: financeReport, 400: problemSchema, 422: problemSchema },
    },
    handler: (request) => report(deps.db, contextOf(request), request.query as FinanceQuery),
  });

  app.route({
    method: 'GET',
    url: '/api/v2/comparative-analysis',
    config: { permission: 'finance.read' },
    schema: {
      tags: ['reports'],
      summary: 'Revenue per device, location or lessor in two periods side by side, the change and the change in percent, ranked',
      querystring: comparativeQuery,
      response: { 200: comparativeAnalysis, 400: problemSchema, 422: problemSchema },
    },
    handler: (request) => compare(deps.db, contextOf(request), request.query as ComparativeQuery),
  });
}
