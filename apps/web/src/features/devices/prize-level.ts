/** At or below this many prizes left, a prize device is low: a van should call soon. */
export const LOW_PRIZES = 10;

/**
 * How a prize device stands (docs/rules.md, "Stock"): `negative` when it paid out more than was booked
 * into it (loads are missing), `low` at few prizes left, `none` before its first load.
 */
export function prizeLevel(stock: { loaded: number; left: number; firstLoadAt: string | null }): 'none' | 'negative' | 'low' | 'ok' {
  if (stock.firstLoadAt === null && stock.loaded === 0) return 'none';
  if (stock.left < 0) return 'negative';
  if (stock.left <= LOW_PRIZES) return 'low';
  return 'ok';
}
