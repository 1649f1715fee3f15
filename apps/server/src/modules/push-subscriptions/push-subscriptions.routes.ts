import {
  problemSchema,
  pushOutcome,
  pushPublicKey,
  pushSubscriptionCollection,
  pushSubscriptionCreate,
  pushSubscriptionItem,
} from '@kovanica/contract';
import { z } from 'zod';
import { notFound } from '../../core/errors.ts';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import { idParams } from '../../http/crud.ts';
import { type PushOptions, pushSubscriptionsService } from './push-subscriptions.service.ts';

const errors = { 400: problemSchema, 403: problemSchema, 404: problemSchema };
const COLLECTION = '/api/v2/push-subscriptions';

/**
 * Push messages on this device (decision 0050): the server's VAPID public key, and one's own
 * subscriptions: listed, added (one per browser), ended and tested. Everyone who sees alarms may turn
 * them on; nobody reaches another person's.
 */
export function pushSubscriptionsRoutes(app: Api, deps: Deps, options: PushOptions = {}) {
  const service = pushSubscriptionsService(deps.db, options);

  app.route({
    method: 'GET',
    url: '/api/v2/push-subscriptions/key',
    config: { permission: 'alarms.read' },
    schema: {
      tags: ['push-subscriptions'],
      operationId: 'getPushPublicKey',
      summary: "The server's VAPID public key (base64url): the `applicationServerKey` a browser subscribes with",
      response: { 200: pushPublicKey, ...errors },
    },
    handler: () => service.publicKey(),
  });

  app.route({
    method: 'GET',
    url: '/api/v2/push-subscriptions',
    config: { permission: 'alarms.read' },
    schema: {
      tags: ['push-subscriptions'],
      summary: "The caller's own push subscriptions (the browsers and phones they turned push messages on in), newest first",
      response: { 200: pushSubscriptionCollection, ...errors },
    },
    handler: async (request) => {
      const member = await service.list(contextOf(request));
      return { '@id': COLLECTION, '@type': 'Collection' as const, member, totalItems: member.length, view: { '@id': COLLECTION } };
    },
  });

  app.route({
    method: 'POST',
    url: '/api/v2/push-subscriptions',
    config: { permission: 'alarms.read' },
    schema: {
      tags: ['push-subscriptions'],
      summary:
        "Turn push messages on in this browser: its subscription (`PushSubscription.toJSON()`), an https: endpoint of a push service; the same endpoint again is the same subscription, now the caller's",
      body: pushSubscriptionCreate,
      response: { 201: pushSubscriptionItem, ...errors, 422: problemSchema },
    },
    handler: async (request, reply) => {
      const item = await service.subscribe(contextOf(request), request.body, request.headers['user-agent'] ?? null);
      return reply.code(201).header('location', item['@id']).send(item);
    },
  });

  app.route({
    method: 'DELETE',
    url: '/api/v2/push-subscriptions/:id',
    config: { permission: 'alarms.read' },
    schema: {
      tags: ['push-subscriptions'],
      summary: "Turn push messages off for one of the caller's subscriptions",
      params: idParams,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      if (!(await service.remove(contextOf(request), request.params.id))) throw notFound();
      return reply.code(204).send(null);
    },
  });

  app.route({
    method: 'POST',
    url: '/api/v2/push-subscriptions/:id/test',
    config: { permission: 'alarms.read' },
    schema: {
      tags: ['push-subscriptions'],
      operationId: 'testPushSubscription',
      summary:
        "Send a test message to one of the caller's subscriptions: whether its push service took it (`sent`), refused it (`failed`) or had ended the subscription (`removed`, and so is it)",
      params: idParams,
      response: { 200: pushOutcome, ...errors },
    },
    handler: async (request) => {
      const outcome = await service.test(contextOf(request), request.params.id);
      if (!outcome) throw notFound();
      return outcome;
    },
  });
}
