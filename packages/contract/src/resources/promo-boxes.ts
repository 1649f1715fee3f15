import { z } from 'zod';
import { type CollectionSpec, itemMeta, zIri } from '../api.ts';
import { contrastRatio, formatContrast, MIN_TEXT_CONTRAST } from '../colors.ts';
import { defineResource } from '../resource.ts';
import { endNotBeforeStart, zColor, zDate, zNote, zText } from '../validation.ts';
import { optional } from './shared.ts';

/**
 * Who a promo box is shown to in the card holders' app: every holder, holders whose card was used in
 * the last `PROMO_ACTIVE_DAYS` days, or holders whose cards were not used in `PROMO_INACTIVE_DAYS`.
 */
export const promoAudiences = ['all', 'active', 'inactive'] as const;
export type PromoAudienceName = (typeof promoAudiences)[number];
export const PROMO_ACTIVE_DAYS = 30;
export const PROMO_INACTIVE_DAYS = 90;

/** A button's link: `https://…`, or a path within the app (`/offers`). */
export const isPromoLink = (value: string) => /^https:\/\/[^\s/$.?#][^\s]*$/i.test(value) || /^\/(?!\/)[^\s]*$/.test(value);

export const promoBoxItem = z.object({
  ...itemMeta,
  company: z.string(),
  owner: z.string(),
  ownerName: z.string(),
  title: z.string(),
  text: z.string().nullable(),
  backgroundColor: z.string(),
  textColor: z.string(),
  buttonLabel: z.string().nullable(),
  buttonLink: z.string().nullable(),
  activeFrom: z.string(),
  activeTo: z.string().nullable(),
  audience: z.enum(promoAudiences),
  createdAt: z.string(),
});
export type PromoBox = z.infer<typeof promoBoxItem>;

const fields = {
  owner: zIri('loyalty-owners'),
  title: zText(120),
  text: zNote(1000),
  backgroundColor: zColor(),
  textColor: zColor(),
  buttonLabel: zText(40).nullable(),
  buttonLink: z.string().trim().max(500).refine(isPromoLink, { error: 'link' }).nullable(),
  activeFrom: zDate(),
  activeTo: zDate().nullable(),
  audience: z.enum(promoAudiences),
};

export interface PromoBoxViolation {
  field: 'textColor' | 'buttonLabel' | 'buttonLink' | 'activeTo';
  code: 'contrast' | 'button_pair' | 'end_before_start';
  params?: Record<string, unknown>;
}

type Box = Partial<Pick<PromoBox, 'backgroundColor' | 'textColor' | 'buttonLabel' | 'buttonLink' | 'activeFrom' | 'activeTo'>>;

/**
 * The rules across fields, as violations (field, code, parameters): text readable on the background
 * (WCAG 2 contrast ≥ 4.5), a button's label and link together, the end not before the start. The
 * contract checks a body; the server checks a patch merged with the stored box again.
 */
export function promoBoxViolations(box: Box): PromoBoxViolation[] {
  const out: PromoBoxViolation[] = [];
  if (box.backgroundColor && box.textColor) {
    const ratio = contrastRatio(box.textColor, box.backgroundColor);
    if (ratio !== null && ratio < MIN_TEXT_CONTRAST) {
      out.push({ field: 'textColor', code: 'contrast', params: { ratio: formatContrast(ratio), min: MIN_TEXT_CONTRAST } });
    }
  }
  const hasLabel = (box.buttonLabel ?? null) !== null;
  const hasLink = (box.buttonLink ?? null) !== null;
  // A patch that names only one of them is checked by the server, with the stored other.
  const bothKnown = box.buttonLabel !== undefined && box.buttonLink !== undefined;
  if (bothKnown && hasLabel !== hasLink) out.push({ field: hasLabel ? 'buttonLink' : 'buttonLabel', code: 'button_pair' });
  if (!endNotBeforeStart({ start: box.activeFrom, end: box.activeTo })) out.push({ field: 'activeTo', code: 'end_before_start' });
  return out;
}

/** On create, a button field left out is none; on a patch, it is the stored one (checked by the server). */
const checked = <T extends z.ZodType<Box>>(schema: T, whole: boolean) =>
  schema.superRefine((box, ctx) => {
    const full = whole ? { ...box, buttonLabel: box.buttonLabel ?? null, buttonLink: box.buttonLink ?? null } : box;
    for (const v of promoBoxViolations(full)) ctx.addIssue({ code: 'custom', message: v.code, path: [v.field], params: v.params });
  });

/** `audience` defaults to `all`. */
export const promoBoxCreate = checked(
  z.strictObject({
    ...optional(fields),
    owner: fields.owner,
    title: fields.title,
    backgroundColor: fields.backgroundColor,
    textColor: fields.textColor,
    activeFrom: fields.activeFrom,
  }),
  true,
);
export type PromoBoxCreate = z.infer<typeof promoBoxCreate>;
/** Checked again with the stored box by the server: a patch may name one colour only. */
export const promoBoxPatch = checked(z.strictObject(optional(fields)), false);
export type PromoBoxPatch = z.infer<typeof promoBoxPatch>;

export const promoBoxesCollection: CollectionSpec = {
  filters: { title: 'partial', owner: 'exact', audience: 'exact', activeFrom: 'range', company: 'exact' },
  order: ['id', 'title', 'activeFrom', 'activeTo', 'createdAt'],
  defaultOrder: { activeFrom: 'desc' },
};

export const promoBoxesResource = defineResource({
  name: 'promo-boxes',
  item: promoBoxItem,
  create: promoBoxCreate,
  patch: promoBoxPatch,
  collection: promoBoxesCollection,
  component: 'loyalty.promo-boxes',
  embeds: ['loyalty-owners'],
});
