/** Percentages are stored as integer hundredths of a percent (12,50 % = 1250): exact, and sortable. */
export const toBp = (percent: number | null | undefined) =>
  percent === undefined ? undefined : percent === null ? null : Math.round(percent * 100);
export const fromBp = (bp: number | null) => (bp === null ? null : bp / 100);

/** Drops undefined values, so a merge-patch sets only what it names. */
export function defined<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A PostgreSQL array literal of numbers or dates (`{1,2,3}`), sent as one parameter and cast in SQL (`::int[]`). */
export const pgArray = (values: readonly (number | string)[]) => `{${values.join(',')}}`;
