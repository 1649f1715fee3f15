import { formatMoney, type TopUp } from '@kovanica/contract';

/** The i18n keys of the top-ups' screens. */
export const k = (key: string) => `resources.top-ups.${key}`;
export const f = (field: string) => k(`fields.${field}`);

type T = (key: string, options?: Record<string, string>) => string;

/** "12,00 € + 2,00 € bonus": a balance's paid credit and bonus, kept apart (as the cards' screens say it). */
export const balanceText = (t: T, paidCents: number, bonusCents: number) =>
  bonusCents === 0
    ? formatMoney(paidCents)
    : t('resources.loyalty-cards.balanceWithBonus', { paid: formatMoney(paidCents), bonus: formatMoney(bonusCents) });

/** "+1,20 € · Jesen": the bonus a top-up earned and the promotion that gave it. */
export const bonusText = (topUp: Pick<TopUp, 'bonusCents' | 'promotionName'>) =>
  topUp.bonusCents === 0 ? null : [`+${formatMoney(topUp.bonusCents)}`, topUp.promotionName].filter(Boolean).join(' · ');
