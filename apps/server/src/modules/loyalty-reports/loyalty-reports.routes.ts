import {
  loyaltyCardReport,
  loyaltyCardReportQuery,
  loyaltyGeneralQuery,
  loyaltyGeneralReport,
  loyaltyHolderReport,
  loyaltyHolderReportQuery,
  loyaltyOwnerQuery,
  loyaltyOwnerReport,
  problemSchema,
} from '@kovanica/contract';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import * as reports from './loyalty-reports.service.ts';

/** The loyalty reports (docs/rules.md "Loyalty reports"), read from the card ledger; managers and accountants. */
export function loyaltyReportsRoutes(app: Api, deps: Deps) {
  const config = { permission: 'loyalty-reports.read' as const };
  const answers = { 400: problemSchema, 422: problemSchema };

  app.route({
    method: 'GET',
    url: '/api/v2/loyalty-reports/general',
    config,
    schema: {
      tags: ['loyalty-reports'],
      summary:
        'Per day, week or month: cards issued and active, top-ups, bonuses, spends, corrections and the outstanding balance (paid credit and bonus) at its end',
      querystring: loyaltyGeneralQuery,
      response: { 200: loyaltyGeneralReport, ...answers },
    },
    handler: (request) => reports.loyaltyGeneralReport(deps.db, contextOf(request), request.query),
  });

  app.route({
    method: 'GET',
    url: '/api/v2/loyalty-reports/owners',
    config,
    schema: {
      tags: ['loyalty-reports'],
      summary: "Per loyalty owner: cards, top-ups, bonuses, spends, outstanding balance, and a partner's settlement with the operator",
      querystring: loyaltyOwnerQuery,
      response: { 200: loyaltyOwnerReport, ...answers },
    },
    handler: (request) => reports.loyaltyOwnerReport(deps.db, contextOf(request), request.query),
  });

  app.route({
    method: 'GET',
    url: '/api/v2/loyalty-reports/cards',
    config,
    schema: {
      tags: ['loyalty-reports'],
      summary: 'Per card, paged and ordered: top-ups, bonuses, spends, the balance at the end and the last use',
      querystring: loyaltyCardReportQuery,
      response: { 200: loyaltyCardReport, ...answers },
    },
    handler: (request) => reports.loyaltyCardReport(deps.db, contextOf(request), request.query),
  });

  app.route({
    method: 'GET',
    url: '/api/v2/loyalty-reports/holders',
    config,
    schema: {
      tags: ['loyalty-reports'],
      summary: 'Per card holder, paged: cards, top-ups, bonuses, spends and the balance at the end',
      querystring: loyaltyHolderReportQuery,
      response: { 200: loyaltyHolderReport, ...answers },
    },
    handler: (request) => reports.loyaltyHolderReport(deps.db, contextOf(request), request.query),
  });
}
