import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { ApiProblem, createErrorHandler, problemBody, sendProblem } from './problems.ts';
import { RequestValidationError, validationProblem } from './validation.ts';

/** Every error leaves as application/problem+json in the caller's language; a 5xx shows no internals. */
export function registerErrorHandling(app: FastifyInstance, fallback: (request: FastifyRequest, reply: FastifyReply) => boolean) {
  app.setErrorHandler(
    createErrorHandler((error: FastifyError, request) => {
      if (error instanceof RequestValidationError) return validationProblem(error, request.lang);
      if (isResponseSerializationError(error)) return null;
      switch (error.code) {
        case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
          return new ApiProblem(415, 'unsupported_media_type', { expected: 'application/json' });
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
          return new ApiProblem(413, 'too_large');
        case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        case 'FST_ERR_CTP_INVALID_JSON_BODY':
          return new ApiProblem(400, 'malformed');
      }
      if (error instanceof SyntaxError) return new ApiProblem(400, 'malformed');
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
