import type { z } from 'zod';

/** Every field of a shape made optional: a merge-patch body, or the optional part of a create body. */
export const optional = <T extends Record<string, z.ZodType>>(shape: T) =>
  Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.optional()])) as { [K in keyof T]: z.ZodOptional<T[K]> };

/** How a location's rent is computed (docs/rules.md "Money reports", rent). */
export const rentalTypes = ['fixed', 'percentage', 'mixed'] as const;
export type RentalType = (typeof rentalTypes)[number];

/**
 * A shape without its `company`: rows stay in the company they were created in (a logger is the
 * exception: stock moves between companies).
 */
export const withoutCompany = <T extends { company: z.ZodType }>(shape: T): Omit<T, 'company'> => {
  const { company: _company, ...rest } = shape;
  return rest;
};
