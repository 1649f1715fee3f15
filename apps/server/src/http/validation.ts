import { type Language, toViolations } from '@kovanica/contract';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { documentationOnly } from './collection.ts';
import { ApiProblem, problemBody } from './problems.ts';

type Issue = z.core.$ZodIssue;

/** Carries zod's issues and the input to the error handler, which needs both to word them. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  readonly validation = true;
  constructor(
    readonly part: string,
    readonly issues: readonly Issue[],
    readonly input: unknown,
  ) {
    super(`invalid ${part}`);
  }
}

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  if (documentationOnly.has(schema)) return (data) => ({ value: data });
  return (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(httpPart ?? 'body', result.error.issues, data) };
  };
};

/**
 * Unknown or read-only fields are a client mistake (400); a bad query or path parameter is 400 too;
 * a body that breaks the rules is 422 with one violation per field.
 */
export function validationProblem(err: RequestValidationError, lang: Language) {
  const unknown = err.issues.find((i) => i.code === 'unrecognized_keys');
  if (unknown && unknown.code === 'unrecognized_keys') {
    const field = [...unknown.path.map(String), unknown.keys[0]].join('.');
    return new ApiProblem(400, 'unknown_field', { field });
  }
  // A path that names no valid id names nothing.
  if (err.part === 'params') return new ApiProblem(404, 'not_found');
  if (err.part !== 'body') {
    return new ApiProblem(400, 'bad_query', { param: err.issues[0]?.path.map(String).join('.') ?? '' });
  }
  return problemBody(422, 'validation', lang, {}, toViolations(err.issues, err.input, lang));
}
