import { problemSchema, vatBook, vatBookQuery } from '@kovanica/contract';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import { vatBook as book } from './vat-book.service.ts';

/**
 * The VAT book (docs/rules.md, "VAT book"): a month's bills by VAT rate and kind and their
 * reconciliation with the finance report. Read as the bills are (`bills.read`, the bills module).
 */
export function vatBookRoutes(app: Api, deps: Deps) {
  app.route({
    method: 'GET',
    url: '/api/v2/vat-book',
    config: { permission: 'bills.read' },
    schema: {
      tags: ['bills'],
      summary:
        "A Zagreb month's bills by VAT rate and kind (base, VAT, total, count), the VAT return's totals, and their reconciliation with the finance report's gross and VAT",
      querystring: vatBookQuery,
      response: { 200: vatBook, 400: problemSchema, 422: problemSchema },
    },
    handler: (request) => book(deps.db, contextOf(request), request.query),
  });
}
