import type { Promotion, PromotionKind } from '@kovanica/contract';

/** A tier row of the form: the amount it starts from and its bonus as a percentage (10 = +10 %). */
export interface TierValues {
  key: string;
  fromCents: number | null;
  bonusPercent: number | null;
}

export interface PromotionValues {
  owner: string | null;
  name: string;
  kind: PromotionKind;
  /** `YYYY-MM-DD`, or empty. */
  validFrom: string;
  validTo: string;
  active: boolean;
  tiers: TierValues[];
  devices: string[];
  priceCents: number | null;
  /** ISO weekdays as the checkboxes hold them ('1' … '7'). */
  weekdays: string[];
  hoursFrom: string;
  hoursTo: string;
}

let keys = 0;
/** A new tier row (its key keeps React's rows apart when one is removed). */
export const newTier = (fromCents: number | null = null, bonusPercent: number | null = null): TierValues => ({
  key: `tier-${++keys}`,
  fromCents,
  bonusPercent,
});

export const promotionValuesOf = (promotion?: Promotion): PromotionValues => ({
  owner: promotion?.owner ?? null,
  name: promotion?.name ?? '',
  kind: promotion?.kind ?? 'bonus',
  validFrom: promotion?.validFrom ?? '',
  validTo: promotion?.validTo ?? '',
  active: promotion?.active ?? true,
  tiers: promotion?.kind === 'bonus' ? promotion.tiers.map((tier) => newTier(tier.fromCents, tier.bonusBp / 100)) : [newTier()],
  devices: promotion?.devices ?? [],
  priceCents: promotion?.priceCents ?? null,
  weekdays: (promotion?.weekdays ?? []).map(String),
  hoursFrom: promotion?.hoursFrom ?? '',
  hoursTo: promotion?.hoursTo ?? '',
});

const orUndefined = <T>(value: T | null | '') => (value === null || value === '' ? undefined : value);

/**
 * The request body before validation: the kind's own fields only (the server clears the other
 * kind's). Empty fields are left out, so the schema says "required" where the kind needs them.
 */
export function promotionInput(v: PromotionValues) {
  const common = {
    owner: v.owner ?? undefined,
    name: v.name,
    kind: v.kind,
    validFrom: orUndefined(v.validFrom),
    validTo: v.validTo === '' ? null : v.validTo,
    active: v.active,
  };
  if (v.kind === 'bonus') {
    return {
      ...common,
      tiers: v.tiers.map((tier) => ({
        fromCents: tier.fromCents ?? undefined,
        bonusBp: tier.bonusPercent === null ? undefined : Math.round(tier.bonusPercent * 100),
      })),
    };
  }
  return {
    ...common,
    devices: v.devices,
    priceCents: v.priceCents,
    weekdays: v.weekdays.map(Number).sort((a, b) => a - b),
    hoursFrom: v.hoursFrom.trim() === '' ? null : v.hoursFrom.trim(),
    hoursTo: v.hoursTo.trim() === '' ? null : v.hoursTo.trim(),
  };
}

/** The API's `tiers.N.bonusBp` is the form's `tiers.N.bonusPercent`. */
export const promotionFormErrors = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([path, message]) => [path.replace(/\.bonusBp$/, '.bonusPercent'), message]));
