import { type Language, toViolations } from '@kovanica/contract';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { documentationOnly } from '../core/collection.ts';
import { DomainError } from '../core/errors.ts';
import { isEmptyPatch } from './empty-patch.ts';
import { problemBody } from './problems.ts';

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

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Any half of a UTF-16 pair: a text without one is ruled out by this one scan. */
const SURROGATE = /[\uD800-\uDFFF]/;
/** NUL, and halves of UTF-16 pairs without their other half: no PostgreSQL text can hold them. */
const unstorableText = (text: string) => text.includes('\u0000') || (SURROGATE.test(text) && LONE_SURROGATE.test(text));

/**
 * Where in a request part a text (or a key) holds what no column can store; the first few suffice.
 * One path is kept as a stack and copied only for a finding: a telemetry batch has thousands of
 * values, and a new path array for each of them was garbage for every request.
 */
function unstorable(value: unknown): Issue[] {
  const found: Issue[] = [];
  const path: PropertyKey[] = [];
  const visit = (item: unknown) => {
    if (found.length >= 10 || path.length > 64) return;
    if (typeof item === 'string') {
      if (unstorableText(item)) found.push({ code: 'custom', path: [...path], message: 'characters', input: item });
    } else if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i++) {
        path.push(i);
        visit(item[i]);
        path.pop();
      }
    } else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (unstorableText(key)) found.push({ code: 'custom', path: [...path, key], message: 'characters', input: key });
        else {
          path.push(key);
          visit(child);
          path.pop();
        }
      }
    }
  };
  visit(value);
  return found;
}

/**
 * Validates a request part with its zod schema, after refusing text that PostgreSQL cannot store
 * (checked here once for every route, so no such text ever reaches a query: it was a 500).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart, method }) => {
  const part = httpPart ?? 'body';
  const refuseUnstorable = (data: unknown) => {
    const issues = unstorable(data);
    return issues.length ? { error: new RequestValidationError(part, issues, data) } : null;
  };
  if (documentationOnly.has(schema)) return (data) => refuseUnstorable(data) ?? { value: data };
  // `{}` is a valid merge-patch of anything (RFC 7396: it changes nothing), even where a patch has
  // fields that travel together; handlers answer it with the item as it is.
  const emptyPatchAllowed = method === 'PATCH' && httpPart === 'body';
  return (data) => {
    const refused = refuseUnstorable(data);
    if (refused) return refused;
    if (emptyPatchAllowed && isEmptyPatch(data)) return { value: data };
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(part, result.error.issues, data) };
  };
};

/**
 * Unknown or read-only fields are a client mistake (400); a bad query or path parameter is 400 too;
 * a body that breaks the rules is 422 with one violation per field.
 */
export function validationProblem(err: RequestValidationError, lang: Language) {
  const unknown = err.issues.find((i) => i.code === 'unrecognized_keys');
  if (unknown && unknown.code === 'unrecognized_keys') {
    if (err.part === 'querystring') return new DomainError(400, 'unknown_param', { param: unknown.keys[0] });
    const field = [...unknown.path.map(String), unknown.keys[0]].join('.');
    return new DomainError(400, 'unknown_field', { field }, [{ propertyPath: field, code: 'unknown', params: { field } }]);
  }
  // A path that names no valid id names nothing.
  if (err.part === 'params') return new DomainError(404, 'not_found');
  if (err.part !== 'body') {
    const param = err.issues[0]?.path.map(String).join('.') ?? '';
    return problemBody(400, 'bad_query', lang, { param }, toViolations(err.issues, err.input, lang));
  }
  return problemBody(422, 'validation', lang, {}, toViolations(err.issues, err.input, lang));
}
