import { DEFAULT_VAT_RATE, grossFromNet, netFromGross } from '@kovanica/contract';

/**
 * The article form's prices (docs/rules.md, "Stock"): two pairs, purchase and selling, each a net and
 * a gross in cents. Typing one side computes the other at the VAT rate, with the contract's rounding,
 * so the form shows the cent the server will store; a new VAT rate keeps the nets and recomputes the
 * grosses, as the server does.
 */
export const PRICE_PAIRS = ['purchase', 'selling'] as const;
export type PricePairName = (typeof PRICE_PAIRS)[number];
export type PriceSide = 'net' | 'gross';

export interface PriceFields {
  /** Percent; null while the field is empty. */
  vatRate: number | null;
  purchaseNetCents: number | null;
  purchaseGrossCents: number | null;
  /** The side the user typed last: the one that is sent (the server computes the other the same way). */
  purchaseEntered: PriceSide;
  sellingNetCents: number | null;
  sellingGrossCents: number | null;
  sellingEntered: PriceSide;
}

const netKey = (pair: PricePairName) => `${pair}NetCents` as const;
const grossKey = (pair: PricePairName) => `${pair}GrossCents` as const;
const enteredKey = (pair: PricePairName) => `${pair}Entered` as const;

/** A rate the prices can be computed at: 0–100 %, else (empty, out of range) the other side is left as it is. */
const usableRate = (rate: number | null): rate is number => rate !== null && Number.isFinite(rate) && rate >= 0 && rate <= 100;

/**
 * The fields to set when the user types one side of a pair: that side, the other computed at the VAT
 * rate, and which side was typed. Emptying one side empties the pair.
 */
export function enterPrice(values: PriceFields, pair: PricePairName, side: PriceSide, cents: number | null): Partial<PriceFields> {
  const other = side === 'net' ? grossKey(pair) : netKey(pair);
  const own = side === 'net' ? netKey(pair) : grossKey(pair);
  const changes: Partial<PriceFields> = { [own]: cents, [enteredKey(pair)]: side };
  if (cents === null) changes[other] = null;
  else if (usableRate(values.vatRate))
    changes[other] = side === 'net' ? grossFromNet(cents, values.vatRate) : netFromGross(cents, values.vatRate);
  return changes;
}

/** The fields to set for a new VAT rate: the rate, and each pair's gross from its net (the net stays). */
export function changeVatRate(values: PriceFields, vatRate: number | null): Partial<PriceFields> {
  const changes: Partial<PriceFields> = { vatRate };
  if (!usableRate(vatRate)) return changes;
  for (const pair of PRICE_PAIRS) {
    const net = values[netKey(pair)];
    if (net === null) continue;
    changes[grossKey(pair)] = grossFromNet(net, vatRate);
    changes[enteredKey(pair)] = 'net';
  }
  return changes;
}

/** A new article's prices: empty pairs and the default VAT rate. */
export const newPriceFields = (): PriceFields => ({
  vatRate: DEFAULT_VAT_RATE,
  purchaseNetCents: null,
  purchaseGrossCents: null,
  purchaseEntered: 'net',
  sellingNetCents: null,
  sellingGrossCents: null,
  sellingEntered: 'net',
});

type PriceBody = Partial<Record<`${PricePairName}${'Net' | 'Gross'}Cents`, number | null>>;

/**
 * The prices as the API takes them: of each pair the side the user typed (the server computes the
 * other with the same rounding). For a patch (`initial` given) a pair is sent only when it changed,
 * and an emptied pair as `null` (which clears it); a new article leaves an empty pair out.
 */
export function priceBody(values: PriceFields, initial?: PriceFields): PriceBody {
  const body: PriceBody = {};
  for (const pair of PRICE_PAIRS) {
    const net = values[netKey(pair)];
    const gross = values[grossKey(pair)];
    if (initial && net === initial[netKey(pair)] && gross === initial[grossKey(pair)]) continue;
    if (net === null || gross === null) {
      if (initial) body[netKey(pair)] = null;
      continue;
    }
    if (values[enteredKey(pair)] === 'gross') body[grossKey(pair)] = gross;
    else body[netKey(pair)] = net;
  }
  return body;
}
