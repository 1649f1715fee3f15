import { cardAppCard, cardAppPromoBoxes, cardAppPromoQuery, problemSchema } from '@kovanica/contract';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { cardAppService } from './card-app.service.ts';

const uidParams = z.object({ uid: z.string().min(1).max(64) });
const errors = { 401: problemSchema, 404: problemSchema, 429: problemSchema };

/**
 * The card holders' app's read API (docs/api-guide.md "3. The card holders' app"). `public` to the user guard: the app authenticates
 * with its loyalty owner's app credential and reaches that owner's cards and promo boxes only.
 */
export function cardAppRoutes(app: Api, deps: Deps) {
  const cards = cardAppService(deps.db, deps.limits);
  const tags = ['card-app'];

  app.route({
    method: 'GET',
    url: '/api/v2/card-app/cards/:uid',
    config: { public: true },
    schema: {
      tags,
      summary: "A card of the owner's programme: balance (paid credit and bonus) and its last transactions",
      params: uidParams,
      response: { 200: cardAppCard, ...errors },
    },
    handler: async (request) => {
      const owner = await cards.owner(request.headers.authorization, request.ip);
      return cards.card(owner.id, request.params.uid);
    },
  });

  app.route({
    method: 'GET',
    url: '/api/v2/card-app/promo-boxes',
    config: { public: true },
    schema: {
      tags,
      summary: "The owner's promo boxes active today, for a card's audience (`?card=<uid>`) or for everyone",
      querystring: cardAppPromoQuery,
      response: { 200: cardAppPromoBoxes, ...errors },
    },
    handler: async (request) => {
      const owner = await cards.owner(request.headers.authorization, request.ip);
      return cards.promoBoxes(owner.id, request.query.card);
    },
  });
}
