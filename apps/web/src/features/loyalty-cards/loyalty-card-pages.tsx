import { formatDateTime, formatMoney, type LoyaltyCard } from '@kovanica/contract';
import { Alert, Anchor, Box, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFlag } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CardTransactionsTable } from '../../components/card-transactions-table.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { EditPage, NewPage } from '../../components/resource-pages.tsx';
import { useAccess } from '../../lib/access.ts';
import { loyaltyCardsApi } from '../../lib/apis/loyalty-cards.ts';
import { useUpdate } from '../../lib/resource-hooks.ts';
import { BalanceCorrectionButton } from './balance-correction.tsx';
import { CardStatusBadge, FlaggedBadge } from './card-badges.tsx';
import { LoyaltyCardForm } from './loyalty-card-form.tsx';

const k = (key: string) => `resources.loyalty-cards.${key}`;

export const LoyaltyCardNewPage = () => (
  <NewPage api={loyaltyCardsApi}>
    <LoyaltyCardForm />
  </NewPage>
);

/**
 * `/loyalty/cards/edit/{id}`: the card's balance (paid credit and bonus apart), its status with who
 * changed it, when and why, the flag with "Mark as checked", the form, and its last ledger rows.
 * Accountants read it all (the form read-only); "Correct balance" is for who records corrections.
 */
export function LoyaltyCardEditPage({ id }: { id: number }) {
  const { can } = useAccess();
  return (
    <EditPage
      api={loyaltyCardsApi}
      id={id}
      subtitle={(card) => (
        <Group component="span" gap={6} mt={4}>
          <CardStatusBadge status={card.status} />
          {card.flagged && <FlaggedBadge />}
        </Group>
      )}
      actions={(card) => can('card-transactions.create') && <BalanceCorrectionButton card={card} />}
    >
      {(card) => (
        <>
          {/* The balance first: on a phone it is what one opens a card for. */}
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" style={{ alignItems: 'start' }}>
            <BalanceCard card={card} />
            <LoyaltyCardForm key={card.id} card={card} />
          </SimpleGrid>
          {can('card-transactions.read') && (
            <Box mt="md">
              <CardLedger card={card} />
            </Box>
          )}
        </>
      )}
    </EditPage>
  );
}

/** "Blocked by Marko Horvat on 26.11.2026. 14:03": the last status change, or nothing if there was none. */
function statusLine(t: (key: string, options?: Record<string, string>) => string, card: LoyaltyCard): string | null {
  if (!card.statusChangedAt) return null;
  const date = formatDateTime(card.statusChangedAt);
  return card.statusChangedByName
    ? t(k(`history.${card.status}`), { name: card.statusChangedByName, date })
    : t(k(`historyNoName.${card.status}`), { date });
}

function Figure({ label, value, negative }: { label: string; value: string; negative?: boolean }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl" c={negative ? 'red.9' : undefined} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </div>
  );
}

/** The balance, the status history and the flag of a card. */
function BalanceCard({ card }: { card: LoyaltyCard }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const update = useUpdate(loyaltyCardsApi, card.id);
  const line = statusLine(t, card);
  const markChecked = () =>
    update.mutate(
      { flagged: false },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: t(k('checkedNotice')) }),
        onError: () => notifications.show({ color: 'red', message: t(k('checkFailed')) }),
      },
    );
  return (
    <Portlet title={t(k('balanceTitle'))}>
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Figure label={t(k('fields.paidCents'))} value={formatMoney(card.paidCents)} negative={card.paidCents < 0} />
          <Figure label={t(k('fields.bonusCents'))} value={formatMoney(card.bonusCents)} />
          <Figure label={t(k('fields.balanceCents'))} value={formatMoney(card.balanceCents)} negative={card.balanceCents < 0} />
        </SimpleGrid>
        <Text size="sm">
          {t(k('fields.lastUsedAt'))}: {card.lastUsedAt ? formatDateTime(card.lastUsedAt) : t(k('neverUsed'))}
        </Text>
        {line && (
          <Text size="sm">
            {line}
            {card.statusReason && ` — ${card.statusReason}`}
          </Text>
        )}
        {card.flagged && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconFlag size={18} aria-hidden />}
            title={t(k('flaggedTitle'))}
            // The tint's own orange is too light for text on it (WCAG AA); the flag keeps the colour.
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t(k('flaggedText'))}</Text>
              {can('loyalty-cards.update') && (
                <Button size="xs" variant="default" loading={update.isPending} onClick={markChecked}>
                  {t(k('markChecked'))}
                </Button>
              )}
            </Stack>
          </Alert>
        )}
      </Stack>
    </Portlet>
  );
}

/** The card's last ledger rows, and a link to them in the whole ledger. */
function CardLedger({ card }: { card: LoyaltyCard }) {
  const { t } = useTranslation();
  const headingId = useId();
  const title = t(k('ledgerTitle'));
  return (
    <section aria-labelledby={headingId}>
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        <Anchor size="sm" renderRoot={(props) => <Link to="/loyalty/cards/transactions" search={{ card: card['@id'] }} {...props} />}>
          {t(k('ledgerAll'))}
        </Anchor>
      </Group>
      <CardTransactionsTable title={title} card={card['@id']} storageId="card-transactions-card" emptyText={t(k('ledgerEmpty'))} />
    </section>
  );
}
