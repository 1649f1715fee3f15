import { z } from 'zod';
import { type CollectionSpec, itemMeta, zIri } from '../api.ts';
import { defineResource } from '../resource.ts';
import { zCents, zPercent, zText } from '../validation.ts';
import { optional, withoutCompany } from './shared.ts';

/** The units an article is counted in (docs/rules.md "Stock"). Quantities are whole numbers of the unit. */
export const articleUnits = ['pcs', 'pack', 'box', 'kg', 'l'] as const;
export type ArticleUnit = (typeof articleUnits)[number];

/** Croatia's standard VAT rate (docs/rules.md "Units, formats and languages"): an article's rate unless given another. */
export const DEFAULT_VAT_RATE = 25;

/**
 * VAT in hundredths of a percent (25 % = 2500), the way rates are stored: integer arithmetic, so the
 * server and the web form compute the same cent.
 */
const basisPoints = (vatRate: number) => Math.round(vatRate * 100);

/** The gross price of a net one: net × (1 + rate), rounded half up to the cent. */
export function grossFromNet(netCents: number, vatRate: number): number {
  const scaled = netCents * (10_000 + basisPoints(vatRate));
  return Math.floor((scaled + 5_000) / 10_000);
}

/** The net price of a gross one: gross ÷ (1 + rate), rounded half up to the cent. */
export function netFromGross(grossCents: number, vatRate: number): number {
  const divisor = 10_000 + basisPoints(vatRate);
  return Math.floor((2 * grossCents * 10_000 + divisor) / (2 * divisor));
}

/** How far apart a sent net and gross may be: one cent either way (each was rounded once). */
export const NET_GROSS_TOLERANCE_CENTS = 1;

/**
 * A price pair from what a client sent (docs/rules.md "Stock": entering net or gross computes the other).
 * Net only: the gross is computed; gross only: the net; both: they must agree within a cent
 * (`mismatch`), and are kept as sent; neither: nothing changes (`undefined`); `null`: no price.
 */
export function pricePair(
  net: number | null | undefined,
  gross: number | null | undefined,
  vatRate: number,
): { net: number | null; gross: number | null } | 'mismatch' | undefined {
  if (net === undefined && gross === undefined) return undefined;
  if (net === null || gross === null) {
    // Clearing one clears the pair; a number beside a null is a contradiction.
    if ((net ?? null) !== null || (gross ?? null) !== null) return 'mismatch';
    return { net: null, gross: null };
  }
  if (net !== undefined && gross !== undefined) {
    return Math.abs(grossFromNet(net, vatRate) - gross) <= NET_GROSS_TOLERANCE_CENTS ? { net, gross } : 'mismatch';
  }
  if (net !== undefined) return { net, gross: grossFromNet(net, vatRate) };
  return { net: netFromGross(gross as number, vatRate), gross: gross as number };
}

export const articleItem = z.object({
  ...itemMeta,
  company: z.string(),
  name: z.string(),
  unit: z.enum(articleUnits),
  supplier: z.string().nullable(),
  /** Percent, e.g. 25 or 13. */
  vatRate: z.number(),
  purchaseNetCents: z.number().int().nullable(),
  purchaseGrossCents: z.number().int().nullable(),
  sellingNetCents: z.number().int().nullable(),
  sellingGrossCents: z.number().int().nullable(),
  /**
   * The moving weighted average of the net purchase prices of the receipts (docs/rules.md, "Stock"),
   * rounded to the cent; null before the first receipt. Prize cost is counted at it.
   */
  averagePurchasePriceCents: z.number().int().nullable(),
  /** Units in all the company's repositories (not counting what was loaded into devices). */
  quantityInStock: z.number().int(),
  /** `quantityInStock` at the average purchase price. */
  stockValueCents: z.number().int(),
  createdAt: z.string(),
});
export type Article = z.infer<typeof articleItem>;

const fields = {
  company: zIri('companies'),
  name: zText(200),
  unit: z.enum(articleUnits),
  supplier: zText(200).nullable(),
  vatRate: zPercent(),
  purchaseNetCents: zCents().nullable(),
  purchaseGrossCents: zCents().nullable(),
  sellingNetCents: zCents().nullable(),
  sellingGrossCents: zCents().nullable(),
};

/**
 * Prices come in pairs: send the net or the gross of a pair and the server computes the other at the
 * VAT rate (half up to the cent); send both and they must agree within a cent (422
 * `net_gross_mismatch`). `vatRate` defaults to 25 %.
 */
export const articleCreate = z.strictObject({ ...optional(fields), name: fields.name, unit: fields.unit });
export type ArticleCreate = z.infer<typeof articleCreate>;

/**
 * A new VAT rate keeps the net prices and recomputes the gross ones, unless the patch names a price
 * of the pair (then that price counts, as on create).
 */
export const articlePatch = z.strictObject(optional(withoutCompany(fields)));
export type ArticlePatch = z.infer<typeof articlePatch>;

export const articlesCollection: CollectionSpec = {
  filters: { name: 'partial', supplier: 'partial', unit: 'exact', company: 'exact' },
  order: ['id', 'name', 'supplier', 'unit', 'quantityInStock', 'createdAt'],
  defaultOrder: { name: 'asc' },
};

export const articlesResource = defineResource({
  name: 'articles',
  item: articleItem,
  create: articleCreate,
  patch: articlePatch,
  collection: articlesCollection,
});
