import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * The app as a module's routes see it: each route's `request.params`, `query` and `body` are typed from
 * the contract's zod schemas it declares, so a handler reads them without a cast (a check in
 * tools/boundaries.test.ts refuses `request.… as`).
 */
export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
