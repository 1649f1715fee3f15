import { type CardHolder, formatMoney } from '@kovanica/contract';
import { Anchor, Badge, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CardTransactionsTable } from '../../components/card-transactions-table.tsx';
import { loyaltyCardsApi } from '../../lib/apis/loyalty-cards.ts';

const k = (key: string) => `resources.card-holders.${key}`;
/** A holder has a handful of cards: one page shows them all. */
const CARDS_SHOWN = 50;

/** The holder's cards with their balances (paid credit and bonus apart), and the ledger of all of them. */
export function HolderCards({ holder }: { holder: CardHolder }) {
  const { t } = useTranslation();
  const cardsId = useId();
  const ledgerId = useId();
  const cards = useQuery(loyaltyCardsApi.list({ holder: holder['@id'], itemsPerPage: CARDS_SHOWN }));
  const ledgerTitle = t(k('ledgerTitle'));
  return (
    <>
      <section aria-labelledby={cardsId}>
        <Title order={2} size="h4" id={cardsId} mb="sm">
          {t(k('cardsTitle'))}
        </Title>
        {cards.data && cards.data.member.length === 0 ? (
          <Text c="dimmed">{t(k('noCards'))}</Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('resources.loyalty-cards.fields.number')}</Table.Th>
                  <Table.Th>{t('resources.loyalty-cards.fields.status')}</Table.Th>
                  <Table.Th ta="right">{t('resources.loyalty-cards.fields.paidCents')}</Table.Th>
                  <Table.Th ta="right">{t('resources.loyalty-cards.fields.bonusCents')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(cards.data?.member ?? []).map((card) => (
                  <Table.Tr key={card.id}>
                    <Table.Td>
                      <Anchor renderRoot={(props) => <Link to="/loyalty/cards/edit/$id" params={{ id: String(card.id) }} {...props} />}>
                        {card.number}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="outline" color={card.status === 'active' ? 'teal.9' : 'red.9'}>
                        {t(`resources.loyalty-cards.statuses.${card.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right">{formatMoney(card.paidCents)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(card.bonusCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </section>
      <section aria-labelledby={ledgerId}>
        <Title order={2} size="h4" id={ledgerId} mb="sm">
          {ledgerTitle}
        </Title>
        <CardTransactionsTable title={ledgerTitle} holder={holder['@id']} storageId="card-transactions-holder" />
      </section>
    </>
  );
}
