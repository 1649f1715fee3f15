import { problemSchema, searchAnswer, searchQuery } from '@kovanica/contract';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import { quickSearch } from './search.service.ts';

/** The layout's quick search: JSON results, which the web app renders as text (never as HTML). */
export function searchRoutes(app: Api, deps: Deps) {
  app.route({
    method: 'GET',
    url: '/api/v2/search',
    config: { permission: 'search.read' },
    schema: {
      tags: ['search'],
      summary:
        'Quick search: devices (name, IMEI), loggers, locations, lessors, users, bills (number, JIR, ZKI), articles, repositories, tags, loyalty cards; at least 2 characters',
      querystring: searchQuery,
      response: { 200: searchAnswer, 400: problemSchema, 422: problemSchema },
    },
    handler: async (request) => {
      const { q } = request.query;
      return { q, results: await quickSearch(deps.db, contextOf(request), q) };
    },
  });
}
