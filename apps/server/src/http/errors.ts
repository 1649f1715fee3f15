import { dependentsText, pickLanguage } from '@kovanica/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { DomainError, invalid } from '../core/errors.ts';
import { FieldError, InUseError, pgError } from '../db/errors.ts';
import { createErrorHandler, problemBody, sendProblem } from './problems.ts';
import { RequestValidationError, validationProblem } from './validation.ts';

/**
 * Errors of the router, before any route runs: a path that is no valid URL (`/users/%FF`) or whose
 * id is longer than the router takes. Such a path names nothing: 404, in the dialect like any other.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 404 : (error.statusCode ?? 400);
  return sendProblem(
    reply,
    problemBody(status, status === 404 ? 'not_found' : 'malformed', pickLanguage(request.headers['accept-language'])),
  );
}

/**
 * Every error leaves as application/problem+json in the caller's language; a 5xx shows no internals.
 * The data layer's refusals (db/errors.ts) become a 422 on the field or a 409 naming the dependants.
 */
export function registerErrorHandling(app: FastifyInstance, fallback: (request: FastifyRequest, reply: FastifyReply) => boolean) {
  app.setErrorHandler(
    createErrorHandler((error: FastifyError, request) => {
      if (error instanceof RequestValidationError) return validationProblem(error, request.lang);
      if (error instanceof FieldError) return invalid(error.field, error.reason);
      if (error instanceof InUseError) return new DomainError(409, 'conflict', { detail: dependentsText(request.lang, error.dependents) });
      if (isResponseSerializationError(error)) return null;
      switch (error.code) {
        case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
          return new DomainError(415, 'unsupported_media_type', { expected: 'application/json' });
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
          return new DomainError(413, 'too_large');
        case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        case 'FST_ERR_CTP_INVALID_JSON_BODY':
          return new DomainError(400, 'malformed');
      }
      if (error instanceof SyntaxError) return new DomainError(400, 'malformed');
      // PostgreSQL cancelled a statement past the time-out (decision 0010): the server is busy or the
      // question too big, not broken. Retry-After: the time-out itself.
      if (pgError(error).code === '57014') {
        request.log.warn({ url: request.url }, 'statement time-out');
        return new DomainError(503, 'query_timeout', {}, [], { 'retry-after': '5' });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) return problemBody(status, 'malformed', request.lang);
      return null;
    }),
  );
  app.setNotFoundHandler((request, reply) => {
    if (fallback(request, reply)) return reply;
    return sendProblem(reply, problemBody(404, 'route_not_found', request.lang));
  });
}
