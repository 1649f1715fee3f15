import { type CardStatus, formatMoney, type LoyaltyCard } from '@kovanica/contract';
import { Badge } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const k = (key: string) => `resources.loyalty-cards.${key}`;

const statusColours: Record<CardStatus, string> = { active: 'teal.9', blocked: 'red.9', lost: 'gray.7' };

/** A card's status: only an active card should be accepted by the machines. */
export function CardStatusBadge({ status }: { status: CardStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={statusColours[status]} variant="filled" tt="none" style={{ flexShrink: 0, minWidth: 'max-content' }}>
      {t(k(`statuses.${status}`))}
    </Badge>
  );
}

/** "Needs a look": a spend the card did not cover, or one on a blocked or lost card, was recorded. */
export function FlaggedBadge() {
  const { t } = useTranslation();
  return (
    <Badge
      color="yellow.5"
      autoContrast
      variant="filled"
      tt="none"
      leftSection={<IconFlag size={12} aria-hidden />}
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {t(k('flagged'))}
    </Badge>
  );
}

/** "12,00 € + 2,00 € bonus": the paid credit (money owed to the holder) and the bonus, kept apart. */
export function balanceText(
  t: (key: string, options?: Record<string, string>) => string,
  card: Pick<LoyaltyCard, 'paidCents' | 'bonusCents'>,
) {
  return card.bonusCents === 0
    ? formatMoney(card.paidCents)
    : t(k('balanceWithBonus'), { paid: formatMoney(card.paidCents), bonus: formatMoney(card.bonusCents) });
}

/** The balance in a cell: the paid credit in red when the holder owes it (a spend not covered). */
export function BalanceCell({ card }: { card: Pick<LoyaltyCard, 'paidCents' | 'bonusCents'> }) {
  const { t } = useTranslation();
  return (
    <span style={{ whiteSpace: 'nowrap', color: card.paidCents < 0 ? 'var(--mantine-color-red-9)' : undefined }}>
      {balanceText(t, card)}
    </span>
  );
}
