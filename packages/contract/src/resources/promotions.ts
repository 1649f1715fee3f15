import { z } from 'zod';
import { type CollectionSpec, itemMeta, zIri } from '../api.ts';
import { businessDate, zagrebParts } from '../format.ts';
import type { ValidationCode } from '../messages.ts';
import { defineResource } from '../resource.ts';
import { zCents, zDate, zText, zTime } from '../validation.ts';
import { optional, withoutCompany } from './shared.ts';

/**
 * Promotions of a loyalty owner's programme (docs/rules.md "Loyalty: cards, spends, top-ups"), within dates: `bonus` adds credit to a
 * top-up by tiers, the highest tier reached counting (+10 % from 20 €, +20 % from 50 €);
 * `happy_hour` gives chosen devices a play price on chosen weekdays between two times of day in
 * Zagreb (an end before the start runs past midnight).
 */
export const promotionKinds = ['bonus', 'happy_hour'] as const;
export type PromotionKind = (typeof promotionKinds)[number];

/** Tiers a bonus promotion may have, and the largest bonus a tier gives (100 %). */
export const MAX_BONUS_TIERS = 10;
export const MAX_BONUS_BP = 10_000;

/** From this paid amount on, this share of it as bonus, in hundredths of a percent (10 % = 1000). */
export const bonusTier = z.strictObject({
  fromCents: zCents(),
  bonusBp: z.number().int({ error: 'bonus_percent' }).min(1, { error: 'bonus_percent' }).max(MAX_BONUS_BP, { error: 'bonus_percent' }),
});
export type BonusTier = z.infer<typeof bonusTier>;

export const promotionItem = z.object({
  ...itemMeta,
  company: z.string(),
  /** The loyalty owner whose programme it belongs to. */
  owner: z.string(),
  ownerName: z.string(),
  name: z.string(),
  kind: z.enum(promotionKinds),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  active: z.boolean(),
  /** `bonus`: ordered by `fromCents`, strictly increasing. Empty for a happy hour. */
  tiers: z.array(z.object({ fromCents: z.number().int(), bonusBp: z.number().int() })),
  /** `happy_hour`: the devices, their play price then, ISO weekdays (1 = Monday) and hours (`HH:mm`, Zagreb). */
  devices: z.array(z.string()),
  priceCents: z.number().int().nullable(),
  weekdays: z.array(z.number().int()),
  hoursFrom: z.string().nullable(),
  hoursTo: z.string().nullable(),
  createdAt: z.string(),
});
export type Promotion = z.infer<typeof promotionItem>;

const fields = {
  company: zIri('companies'),
  owner: zIri('loyalty-owners'),
  name: zText(200),
  kind: z.enum(promotionKinds),
  validFrom: zDate(),
  validTo: zDate().nullable(),
  active: z.boolean(),
  tiers: z.array(bonusTier).max(MAX_BONUS_TIERS),
  devices: z.array(zIri('devices')).max(500),
  priceCents: zCents().nullable(),
  weekdays: z.array(z.number().int().min(1).max(7)).max(7),
  hoursFrom: zTime().nullable(),
  hoursTo: zTime().nullable(),
};

/** What the kind's rules read: a create body, or a stored promotion with a patch applied. */
export interface PromotionShape {
  kind: PromotionKind;
  validFrom: string;
  validTo?: string | null;
  tiers?: readonly BonusTier[];
  devices?: readonly unknown[];
  priceCents?: number | null;
  weekdays?: readonly number[];
  hoursFrom?: string | null;
  hoursTo?: string | null;
}

export interface PromotionProblem {
  path: (string | number)[];
  code: ValidationCode;
  params?: Record<string, unknown>;
}

/**
 * The rules across fields, shared by the create schema and the server (which checks a patch against
 * the stored promotion): the dates in order, a bonus's tiers strictly increasing, a happy hour's
 * devices, price, weekdays and hours. The other kind's fields are not read (the server clears them).
 */
export function promotionProblems(p: PromotionShape): PromotionProblem[] {
  const problems: PromotionProblem[] = [];
  if (p.validTo && p.validTo < p.validFrom) problems.push({ path: ['validTo'], code: 'end_before_start' });
  if (p.kind === 'bonus') {
    const tiers = Array.isArray(p.tiers) ? p.tiers : [];
    if (tiers.length === 0) problems.push({ path: ['tiers'], code: 'too_few', params: { min: 1 } });
    // A form's rows may still be incomplete (the rules run beside the fields' own checks): only amounts are compared.
    const fromOf = (tier: unknown) => (typeof tier === 'object' && tier !== null ? Reflect.get(tier, 'fromCents') : undefined);
    tiers.forEach((tier, i) => {
      const from = fromOf(tier);
      const before = fromOf(tiers[i - 1]);
      if (typeof from === 'number' && typeof before === 'number' && from <= before) {
        problems.push({ path: ['tiers', i, 'fromCents'], code: 'tiers_order' });
      }
    });
  } else {
    if (!Array.isArray(p.devices) || p.devices.length === 0) problems.push({ path: ['devices'], code: 'too_few', params: { min: 1 } });
    if (p.priceCents === null || p.priceCents === undefined) problems.push({ path: ['priceCents'], code: 'required' });
    if (!Array.isArray(p.weekdays) || p.weekdays.length === 0) problems.push({ path: ['weekdays'], code: 'too_few', params: { min: 1 } });
    if (!p.hoursFrom) problems.push({ path: ['hoursFrom'], code: 'required' });
    if (!p.hoursTo) problems.push({ path: ['hoursTo'], code: 'required' });
    else if (p.hoursFrom === p.hoursTo) problems.push({ path: ['hoursTo'], code: 'same_hours' });
  }
  return problems;
}

const checked = <T extends PromotionShape>(value: T, ctx: z.RefinementCtx) => {
  for (const problem of promotionProblems(value)) {
    ctx.addIssue({ code: 'custom', message: problem.code, path: problem.path, params: problem.params });
  }
};
/**
 * The kind's rules are checked even while other fields are wrong (a form shows every problem at
 * once), as soon as the kind is known.
 */
const kindKnown = (payload: { value: unknown }) => {
  const kind: unknown = typeof payload.value === 'object' && payload.value !== null ? Reflect.get(payload.value, 'kind') : undefined;
  return promotionKinds.includes(kind as PromotionKind);
};

export const promotionCreate = z
  .strictObject({
    ...optional(fields),
    owner: fields.owner,
    name: fields.name,
    kind: fields.kind,
    validFrom: fields.validFrom,
  })
  .superRefine(checked, { when: kindKnown });
export type PromotionCreate = z.infer<typeof promotionCreate>;

/** The server checks the kind's rules again on the stored promotion with the patch applied. */
export const promotionPatch = z
  .strictObject(optional(withoutCompany(fields)))
  .refine((v) => !v.validFrom || !v.validTo || v.validTo >= v.validFrom, { error: 'end_before_start', path: ['validTo'] });
export type PromotionPatch = z.infer<typeof promotionPatch>;

export const promotionsCollection: CollectionSpec = {
  filters: { name: 'partial', kind: 'exact', owner: 'exact', active: 'boolean', validFrom: 'range', company: 'exact' },
  order: ['id', 'name', 'kind', 'validFrom', 'validTo', 'createdAt'],
  defaultOrder: { validFrom: 'desc' },
};

export const promotionsResource = defineResource({
  name: 'promotions',
  item: promotionItem,
  create: promotionCreate,
  patch: promotionPatch,
  collection: promotionsCollection,
  embeds: ['loyalty-owners', 'devices'],
});

/**
 * The bonus a top-up of `paidCents` earns: the highest tier it reaches (the tier with the largest
 * `fromCents` not above it) gives its share of the whole amount, rounded half up to the cent.
 */
export function bonusFor(tiers: readonly BonusTier[], paidCents: number): number {
  if (!Number.isFinite(paidCents) || paidCents <= 0) return 0;
  let reached: BonusTier | undefined;
  for (const tier of tiers) if (paidCents >= tier.fromCents && (!reached || tier.fromCents > reached.fromCents)) reached = tier;
  if (!reached) return 0;
  // Integers throughout (cents × hundredths of a percent stay far within 2^53): half a cent rounds up.
  return Math.floor((Math.round(paidCents) * reached.bonusBp + 5_000) / 10_000);
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** ISO weekday (1 = Monday … 7 = Sunday) of a `yyyy-MM-dd` date. */
const isoWeekday = (date: string) => {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
};

/**
 * Whether a happy hour is in force at an instant, by the Zagreb clock (summer time included): active,
 * the instant's Zagreb date within its dates, its weekday chosen and its time from `hoursFrom` up to
 * (not including) `hoursTo`. Hours that end before they start run past midnight: the early hours
 * belong to the weekday before (Friday 22:00–02:00 covers Saturday 01:00).
 */
export function happyHourAt(
  promotion: Pick<Promotion, 'kind' | 'active' | 'validFrom' | 'validTo' | 'weekdays' | 'hoursFrom' | 'hoursTo'>,
  instant: Date | string | number,
): boolean {
  const { kind, active, validFrom, validTo, weekdays, hoursFrom, hoursTo } = promotion;
  if (kind !== 'happy_hour' || !active || !hoursFrom || !hoursTo) return false;
  const date = businessDate(instant);
  if (date < validFrom || (validTo && date > validTo)) return false;
  const parts = zagrebParts(instant);
  const now = Number(parts.hour) * 60 + Number(parts.minute);
  const from = minutesOf(hoursFrom);
  const to = minutesOf(hoursTo);
  const day = isoWeekday(date);
  if (from < to) return weekdays.includes(day) && now >= from && now < to;
  const dayBefore = day === 1 ? 7 : day - 1;
  return (weekdays.includes(day) && now >= from) || (weekdays.includes(dayBefore) && now < to);
}
