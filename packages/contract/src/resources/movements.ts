import { z } from 'zod';
import { type CollectionSpec, itemMeta, zIri } from '../api.ts';
import type { ValidationCode } from '../messages.ts';
import { defineResource } from '../resource.ts';
import { zCents, zInstant, zNote, zText } from '../validation.ts';
import { articleUnits } from './articles.ts';

/**
 * What moves stock (docs/rules.md "Stock"): a receipt from a supplier into a repository, a transfer between
 * repositories, an issue from a repository into a prize device (prizes loaded), and a count
 * adjustment of one repository. Movements are never changed or deleted: a wrong one is reversed.
 */
export const movementKinds = ['receipt', 'transfer', 'issue', 'adjustment'] as const;
export type MovementKind = (typeof movementKinds)[number];
/**
 * Every kind a stored movement has: the ones booked by hand above, and `sale` — units a vending
 * machine's audit counts sold from a selection its planogram maps to the article, booked by the server
 * (docs/rules.md "Planograms and audit sales"); it names the device and no repository.
 */
export const stockMovementKinds = [...movementKinds, 'sale'] as const;
export type StockMovementKind = (typeof stockMovementKinds)[number];

/** The most units one movement moves. */
export const MAX_MOVEMENT_QUANTITY = 1_000_000;

export const movementItem = z.object({
  ...itemMeta,
  company: z.string(),
  kind: z.enum(stockMovementKinds),
  article: z.string(),
  articleName: z.string(),
  unit: z.enum(articleUnits),
  /** Units moved: positive, except an adjustment's (signed, as counted: −3 means three fewer). */
  quantity: z.number().int(),
  /** The repository the units left (an issue's, a transfer's, a negative adjustment's, a receipt's reversal's). */
  fromRepository: z.string().nullable(),
  fromRepositoryName: z.string().nullable(),
  /** The repository the units entered (a receipt's, a transfer's, a positive adjustment's, an issue's reversal's). */
  toRepository: z.string().nullable(),
  toRepositoryName: z.string().nullable(),
  /** The prize device loaded (an issue, and its reversal: units taken back out of it). */
  device: z.string().nullable(),
  deviceName: z.string().nullable(),
  /**
   * Net per unit: a receipt's purchase price; for every other movement the article's average
   * purchase price when it was booked (what the units moved at); null before any receipt.
   */
  unitPriceCents: z.number().int().nullable(),
  /**
   * The units at that price (its exact average, not the cent shown above), rounded to the cent; a
   * reversal's at the movement it undoes. What the reports add up: the prize cost of a range is the
   * sum of its issues' values less their reversals'. Null without a price.
   */
  valueCents: z.number().int().nullable(),
  supplier: z.string().nullable(),
  /** An adjustment's reason. */
  reason: z.string().nullable(),
  note: z.string().nullable(),
  /** When it happened: the server's time, or an earlier time given for a back-dated entry. */
  at: z.string(),
  /** When it was booked. */
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  /** The movement this one reverses, and the one that reversed this one. */
  reverses: z.string().nullable(),
  reversedBy: z.string().nullable(),
  /** The client's key that makes a retried POST book once. */
  clientKey: z.string().nullable(),
});
export type Movement = z.infer<typeof movementItem>;

/** A client's key for a write: a retried request with the same key books nothing twice. */
export const zClientKey = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(100)
    .describe('Idempotency: unique per company; a retried POST with the same key answers the movement it booked');

/** Which of the optional fields each kind needs (`required`) and takes (`optional`); others are refused. */
const kindFields: Record<MovementKind, { required: string[]; optional: string[] }> = {
  receipt: { required: ['toRepository'], optional: ['unitPriceCents', 'supplier'] },
  transfer: { required: ['fromRepository', 'toRepository'], optional: [] },
  issue: { required: ['fromRepository', 'device'], optional: [] },
  adjustment: { required: ['repository', 'reason'], optional: [] },
};
const kindSpecific = ['fromRepository', 'toRepository', 'repository', 'device', 'unitPriceCents', 'supplier', 'reason'] as const;

/**
 * A new movement. Per kind:
 * - `receipt`: `toRepository`; `unitPriceCents` (net; default: the article's net purchase price), `supplier`
 *   (default: the article's);
 * - `transfer`: `fromRepository`, `toRepository` (two different ones);
 * - `issue`: `fromRepository`, `device` (a prize device);
 * - `adjustment`: `repository`, a signed, non-zero `quantity` (the counted difference) and `reason`.
 * Every kind: `article`, `quantity`, and optionally `note`, `at` (not in the future) and `clientKey`.
 */
export const movementCreate = z
  .strictObject({
    kind: z.enum(movementKinds),
    article: zIri('articles'),
    quantity: z.number().int().min(-MAX_MOVEMENT_QUANTITY).max(MAX_MOVEMENT_QUANTITY),
    fromRepository: zIri('repositories').optional(),
    toRepository: zIri('repositories').optional(),
    repository: zIri('repositories').optional(),
    device: zIri('devices').optional(),
    unitPriceCents: zCents().optional(),
    supplier: zText(200).nullable().optional(),
    reason: zText(500).optional(),
    note: zNote().optional(),
    at: zInstant().optional(),
    clientKey: zClientKey().optional(),
  })
  .superRefine((value, ctx) => {
    const fail = (path: string, code: ValidationCode, params?: Record<string, unknown>) =>
      ctx.addIssue({ code: 'custom', message: code, path: [path], params });
    const spec = kindFields[value.kind];
    for (const field of kindSpecific) {
      const given = value[field] !== undefined;
      if (!given && spec.required.includes(field)) fail(field, 'required');
      if (given && !spec.required.includes(field) && !spec.optional.includes(field)) fail(field, 'not_for_kind', { kind: value.kind });
    }
    if (value.kind === 'adjustment') {
      if (value.quantity === 0) fail('quantity', 'not_zero');
    } else if (value.quantity < 1) fail('quantity', 'min', { min: 1 });
    if (value.kind === 'transfer' && value.fromRepository !== undefined && value.fromRepository === value.toRepository) {
      fail('toRepository', 'same_repository');
    }
  });
export type MovementCreate = z.infer<typeof movementCreate>;

/** `POST /movements/{id}/reverse`: books the opposite movement, once. */
export const movementReverse = z.strictObject({
  note: zNote().optional(),
  at: zInstant().optional(),
  clientKey: zClientKey().optional(),
});
export type MovementReverse = z.infer<typeof movementReverse>;

export const movementsCollection: CollectionSpec = {
  filters: {
    kind: 'exact',
    article: 'exact',
    device: 'exact',
    /** Either side: every movement into or out of the repository. */
    repository: 'exact',
    fromRepository: 'exact',
    toRepository: 'exact',
    createdBy: 'exact',
    at: 'range',
    company: 'exact',
  },
  order: ['id', 'at', 'createdAt'],
  defaultOrder: { at: 'desc' },
  keyset: 'at',
};

export const movementsResource = defineResource({
  name: 'movements',
  item: movementItem,
  create: movementCreate,
  collection: movementsCollection,
  embeds: ['articles', 'repositories', 'devices', 'users'],
  // Stock levels, quantities and average prices move with them.
  invalidates: ['articles', 'repositories'],
});

/** One article loaded into a prize device. */
export const prizeStockArticle = z.object({
  article: z.string(),
  articleName: z.string(),
  unit: z.enum(articleUnits),
  /** Loaded, less what reversals took back. */
  loaded: z.number().int(),
  lastLoadAt: z.string().nullable(),
});

/**
 * The prizes in a prize device (docs/rules.md, "Stock"): loaded (issues less their reversals) less
 * the `prize_out` events counted since the device's first load. `left` may be below zero when the
 * machine paid out more than was booked into it: the loads are then incomplete.
 */
export const prizeStockItem = z.object({
  '@id': z.string(),
  '@type': z.string(),
  device: z.string(),
  deviceName: z.string(),
  location: z.string().nullable(),
  locationName: z.string().nullable(),
  firstLoadAt: z.string().nullable(),
  loaded: z.number().int(),
  paidOut: z.number().int(),
  left: z.number().int(),
  articles: z.array(prizeStockArticle),
});
export type PrizeStock = z.infer<typeof prizeStockItem>;
