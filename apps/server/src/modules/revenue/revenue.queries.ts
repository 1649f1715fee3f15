import { type SQLWrapper, sql } from 'drizzle-orm';
import { deviceDaily } from '../../db/schema/index.ts';

/** A column's sum over the grouped rollup rows, zero for none. */
export const sum = (column: SQLWrapper) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/**
 * A rollup row's revenue (domain.md §8): coins + notes + cashless + loyalty cards + tokens at their
 * value. Test plays and free rides have columns of their own, so they are never part of it. Every
 * revenue read of the module uses this one expression.
 */
export const revenueOfDay = sql`${deviceDaily.coinsCents} + ${deviceDaily.notesCents} + ${deviceDaily.cashlessCents} + ${deviceDaily.cardCents} + ${deviceDaily.tokensCents}`;
