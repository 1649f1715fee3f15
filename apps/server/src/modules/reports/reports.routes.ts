import {
  comparativeAnalysis,
  comparativeQuery,
  financeQuery,
  financeReport,
  lessorStatement,
  lessorStatementQuery,
  logisticQuery,
  logisticReport,
  problemSchema,
} from '@kovanica/contract';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import { idParams } from '../../http/crud.ts';
import { comparativeAnalysis as compare } from './comparative.service.ts';
import { financeReport as report } from './finance.service.ts';
import { logisticReport as logistic } from './logistic.service.ts';
import { lessorStatement as statement } from './statement.service.ts';

/** The money reports (docs/rules.md "Money reports"), read from the rollups. */
export function reportsRoutes(app: Api, deps: Deps) {
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
    handler: (request) => report(deps.db, contextOf(request), request.query),
  });

  app.route({
    method: 'GET',
    url: '/api/v2/comparative-analysis',
    config: { permission: 'finance.read', component: 'finance.comparative' },
    schema: {
      tags: ['reports'],
      summary: 'Revenue per device, location or lessor in two periods side by side, the change and the change in percent, ranked',
      querystring: comparativeQuery,
      response: { 200: comparativeAnalysis, 400: problemSchema, 422: problemSchema },
    },
    handler: (request) => compare(deps.db, contextOf(request), request.query),
  });

  app.route({
    method: 'GET',
    url: '/api/v2/logistic-report',
    config: { permission: 'finance.read' },
    schema: {
      tags: ['reports'],
      summary:
        'Per device (or location and group), with a filter: plays, revenue, saldo, prizes to refill, cash in the box and when it is full, as a visit list',
      querystring: logisticQuery,
      response: { 200: logisticReport, 400: problemSchema, 422: problemSchema },
    },
    handler: (request) => logistic(deps.db, contextOf(request), request.query),
  });

  app.route({
    method: 'GET',
    url: '/api/v2/lessors/:id/statement',
    config: { permission: 'finance.read' },
    schema: {
      tags: ['reports'],
      summary: "A lessor's monthly statement: each location's revenue, the rent worked out for it and how, the rent owed in all",
      params: idParams,
      querystring: lessorStatementQuery,
      response: { 200: lessorStatement, 400: problemSchema, 404: problemSchema },
    },
    handler: (request) => statement(deps.db, contextOf(request), request.params.id, request.query),
  });
}
