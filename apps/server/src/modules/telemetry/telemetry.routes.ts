import { problemSchema, telemetryAnswer, telemetryBatch } from '@kovanica/contract';
import { DomainError } from '../../core/errors.ts';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { loggerAuthentication } from '../../http/logger-auth.ts';
import { loggerByCredential } from '../loggers/loggers.service.ts';
import { receiveBatch } from './telemetry.service.ts';

/**
 * The ingestion endpoint for loggers (decision 0007; docs/api.md "Telemetry"). It is `public` to the user guard because loggers
 * never hold a user's token: their own credential is checked here, before the body is validated.
 */
export function telemetryRoutes(app: Api, deps: Deps) {
  const authenticate = loggerAuthentication(deps.limits, (credential) => loggerByCredential(deps.db, credential));

  app.route({
    method: 'POST',
    url: '/api/v2/telemetry/batches',
    config: { public: true },
    onRequest: authenticate,
    // A batch refused whole, here or by the validation before the handler: counted for the metrics.
    onResponse: async (_request, reply) => {
      if (reply.statusCode >= 400 && reply.statusCode < 500) deps.metrics.refused('http');
    },
    schema: {
      tags: ['telemetry'],
      summary: "A logger's batch of events (up to 1,000), authenticated by the logger's credential",
      body: telemetryBatch,
      response: { 200: telemetryAnswer, 401: problemSchema, 403: problemSchema, 422: problemSchema, 429: problemSchema },
    },
    handler: async (request) => {
      const logger = request.logger;
      if (!logger) throw new DomainError(401, 'bad_logger_credential');
      return receiveBatch(deps, logger, request.body, 'http', request.id);
    },
  });
}
