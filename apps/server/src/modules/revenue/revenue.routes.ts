import { companiesDailyRevenue, companiesDailyRevenueQuery, problemSchema, revenueQuery, revenueReport } from '@kovanica/contract';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import { companiesDailyRevenue as readCompaniesDailyRevenue } from './companies-daily-revenue.service.ts';
import { revenueReport as report } from './revenue.service.ts';

/** Today's revenue (`from = to = today`) and the detailed review (any range), from the daily rollup. */
export function revenueRoutes(app: Api, deps: Deps) {
  app.route({
    method: 'GET',
    url: '/api/v2/revenue',
    config: { permission: 'revenue.read' },
    schema: {
      tags: ['revenue'],
      summary: 'Revenue per device and location over business days, with its parts, plays and average per play',
      querystring: revenueQuery,
      response: { 200: revenueReport, 400: problemSchema, 422: problemSchema },
    },
    handler: (request) => report(deps.db, contextOf(request), request.query),
  });

  // The companies' daily revenue (admins): the companies of the caller's view, a figure per business day.
  app.route({
    method: 'GET',
    url: '/api/v2/revenue/companies-daily',
    config: { permission: 'revenue.companies' },
    schema: {
      tags: ['revenue'],
      summary: "Each company's revenue and plays per business day over a range of at most a year, with totals and net",
      querystring: companiesDailyRevenueQuery,
      response: { 200: companiesDailyRevenue, 400: problemSchema, 422: problemSchema },
    },
    handler: (request) => readCompaniesDailyRevenue(deps.db, contextOf(request), request.query),
  });
}
