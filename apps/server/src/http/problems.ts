import {
  type Language,
  PROBLEM_JSON,
  type Problem,
  type ProblemCode,
  problemMessage,
  type Violation,
  validationMessage,
} from '@kovanica/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../core/errors.ts';

/** The problem's `title` for each status it is sent with (RFC 9110's reason phrases). */
export const problemTitles: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function problemBody(
  status: number,
  code: ProblemCode,
  lang: Language,
  params: Record<string, unknown> = {},
  violations?: Violation[],
): Problem {
  const detail = problemMessage(lang, code, params);
  return {
    type: `/api/v2/problems/${code}`,
    title: problemTitles[status] ?? 'Error',
    status,
    detail,
    // The legacy app's client reads `message` (login failures); every problem carries it. A bad query
    // parameter is named first (its violation alone would not say which one), then why, if known.
    message:
      code === 'bad_query'
        ? [detail, ...(violations ?? []).filter((v) => v.code !== 'invalid').map((v) => v.message)].join(' ')
        : violations?.length
          ? violations.map((v) => v.message).join(' ')
          : detail,
    ...(violations ? { violations } : {}),
  };
}

export function sendProblem(reply: FastifyReply, body: Problem, headers: Record<string, string> = {}) {
  return reply.code(body.status).headers(headers).type(PROBLEM_JSON).send(body);
}

export function renderProblem(p: DomainError, lang: Language): Problem {
  const violations = p.violations.length
    ? p.violations.map((v) => ({ propertyPath: v.propertyPath, code: v.code, message: validationMessage(lang, v.code, v.params) }))
    : undefined;
  return { ...problemBody(p.status, p.code, lang, p.params, violations), ...p.extensions };
}

/** Error handler: known problems as they are, fastify's client errors mapped, anything else a bare 500. */
export function createErrorHandler(mapOther: (error: FastifyError, request: FastifyRequest) => DomainError | Problem | null) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.lang;
    if (error instanceof DomainError) return sendProblem(reply, renderProblem(error, lang), error.headers);
    const mapped = mapOther(error, request);
    if (mapped instanceof DomainError) return sendProblem(reply, renderProblem(mapped, lang), mapped.headers);
    if (mapped) return sendProblem(reply, mapped);
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, problemBody(500, 'internal', lang));
  };
}
