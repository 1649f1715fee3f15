import { type Language, toViolations, type Violation } from '@kovanica/contract';
import type { z } from 'zod';
import { ApiError } from './api.ts';

export type FieldErrors = Record<string, string>;

/**
 * A @mantine/form validator from a contract schema. Messages come from the contract's texts, so a
 * field reads the same whether the browser or the server found the problem.
 */
export function schemaValidator<V>(schema: z.ZodType, lang: () => Language, toInput: (values: V) => unknown = (v) => v) {
  return (values: V): FieldErrors => {
    const input = toInput(values);
    const result = schema.safeParse(input);
    return result.success ? {} : violationsToErrors(toViolations(result.error.issues, input, lang()));
  };
}

/** Field errors keyed by property path; the first message per field wins. */
export function violationsToErrors(violations: readonly Pick<Violation, 'propertyPath' | 'message'>[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const v of violations) errors[v.propertyPath] ??= v.message;
  return errors;
}

/** The 422 violations of a failed save, as field errors; empty when the failure was something else. */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (error instanceof ApiError && error.status === 422 && error.problem?.violations) {
    return violationsToErrors(error.problem.violations);
  }
  return {};
}
