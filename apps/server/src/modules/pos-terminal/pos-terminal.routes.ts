import { posBlock, posCard, posSession, posSignIn, posTopUp, posTopUpAnswer, problemSchema } from '@kovanica/contract';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { posTerminalService } from './pos-terminal.service.ts';
import { posSessionKey } from './pos-terminal.sessions.ts';

const uidParams = z.object({ uid: z.string().min(1).max(64) });
const errors = { 401: problemSchema, 404: problemSchema, 409: problemSchema, 422: problemSchema };

/**
 * The POS terminal's API (docs/api-guide.md "2. The POS terminal"). `public` to the user guard: the terminal never holds a user's
 * token. Sign-in takes the terminal's credential and a worker's PIN; the other calls the session.
 */
export function posTerminalRoutes(app: Api, deps: Deps, secret: string) {
  const pos = posTerminalService(deps.db, deps.fiscalKeys, posSessionKey(secret), deps.limits);
  const tags = ['pos-terminal'];
  const written = () => {
    for (const name of ['top-ups', 'loyalty-cards', 'card-transactions', 'bills']) deps.versions.bump(name);
  };

  app.route({
    method: 'POST',
    url: '/api/v2/pos/sessions',
    config: { public: true },
    schema: {
      tags,
      summary: "A worker signs in at a terminal: `Authorization: Bearer <the terminal's credential>`, the worker's id and PIN",
      body: posSignIn,
      response: { 201: posSession, 429: problemSchema, ...errors },
    },
    handler: async (request, reply) => {
      reply.code(201);
      return pos.signIn(request.headers.authorization, request.body, request.ip);
    },
  });

  app.route({
    method: 'GET',
    url: '/api/v2/pos/cards/:uid',
    config: { public: true },
    schema: {
      tags,
      summary: 'A card as the terminal shows it (balance: paid credit and bonus)',
      params: uidParams,
      response: { 200: posCard, ...errors },
    },
    handler: async (request) => {
      const session = await pos.session(request.headers.authorization);
      return pos.card(session, request.params.uid);
    },
  });

  app.route({
    method: 'POST',
    url: '/api/v2/pos/top-ups',
    config: { public: true },
    schema: {
      tags,
      summary:
        'Sells credit to a card: bonus by the promotions, the bill issued and fiscalized; the same requestId again answers the first top-up (200)',
      body: posTopUp,
      response: { 200: posTopUpAnswer, 201: posTopUpAnswer, ...errors },
    },
    handler: async (request, reply) => {
      const session = await pos.session(request.headers.authorization);
      const { answer, created } = await pos.topUp(session, request.body, request.ip);
      if (created) {
        written();
        deps.wake('fiscal-sweep', request.id);
      }
      reply.code(created ? 201 : 200);
      return answer;
    },
  });

  app.route({
    method: 'POST',
    url: '/api/v2/pos/cards/:uid/block',
    config: { public: true },
    schema: {
      tags,
      summary: 'Blocks a card reported lost or stolen at the desk',
      params: uidParams,
      body: posBlock,
      response: { 200: posCard, ...errors },
    },
    handler: async (request) => {
      const session = await pos.session(request.headers.authorization);
      const card = await pos.block(session, request.params.uid, request.body.reason, request.ip);
      written();
      return card;
    },
  });
}
