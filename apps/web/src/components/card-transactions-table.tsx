import {
  type CardHolder,
  type CardTransaction,
  cardTransactionFieldsDescription,
  formatDateTime,
  formatMoney,
  type LoyaltyCard,
  parseIri,
} from '@kovanica/contract';
import { Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cardHoldersApi } from '../lib/apis/card-holders.ts';
import { cardTransactionsApi } from '../lib/apis/card-transactions.ts';
import { devicesApi } from '../lib/apis/devices.ts';
import { loyaltyCardsApi } from '../lib/apis/loyalty-cards.ts';
import { loyaltyOwnersApi } from '../lib/apis/loyalty-owners.ts';
import { CellBadge, dash, nowrap } from './data-table/cells.tsx';
import { type Column, DataTable, describedColumns, describedFilters, type Filter, type FilterInputProps } from './data-table/index.ts';
import { ReferenceSelect } from './reference-select.tsx';

const k = (key: string) => `resources.card-transactions.${key}`;

/** A change of credit: "+12,00 €", "-1,00 €", or a dash when the row did not touch it. */
const signed = (cents: number) => (cents > 0 ? `+${formatMoney(cents)}` : formatMoney(cents));
const change = (cents: number) =>
  cents === 0 ? (
    dash
  ) : (
    <Text span inherit fw={600} c={cents < 0 ? 'red.9' : 'teal.9'} style={{ whiteSpace: 'nowrap' }}>
      {signed(cents)}
    </Text>
  );

const kindColours = { top_up: 'teal.9', spend: 'blue.9', adjustment: 'violet.9' } as const;

/** Where a spend happened: the device and its location at the time. */
const placeOf = (r: CardTransaction) => [r.deviceName, r.locationName].filter(Boolean).join(' · ') || null;

/**
 * The ledger's columns, as the contract describes them (`cardTransactionFieldsDescription`), with the
 * cells their kind cannot draw: the card a link to it, the kind a badge, each change signed and
 * coloured, the place (device and location in one cell). A card's page drops the card and the holder,
 * a holder's the holder: they go without saying there.
 */
function useColumns(forCard: boolean, forHolder: boolean): Column<CardTransaction>[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const kind = (r: CardTransaction) => t(k(`kinds.${r.kind}`));
    const columns = describedColumns<CardTransaction>(cardTransactionFieldsDescription, t, {
      at: { render: (r) => nowrap(formatDateTime(r.at)) },
      cardNumber: {
        render: (r) => {
          const id = parseIri('loyalty-cards', r.card);
          return id === null ? (
            r.cardNumber
          ) : (
            <Link to="/loyalty/cards/edit/$id" params={{ id: String(id) }} style={{ whiteSpace: 'nowrap' }}>
              {r.cardNumber}
            </Link>
          );
        },
      },
      kind: { render: (r) => <CellBadge color={kindColours[r.kind]}>{kind(r)}</CellBadge> },
      paidCents: { render: (r) => change(r.paidCents) },
      bonusCents: { render: (r) => change(r.bonusCents) },
      paidAfterCents: {
        render: (r) => (
          <Text span inherit c={r.paidAfterCents < 0 ? 'red.9' : undefined} style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(r.paidAfterCents)}
          </Text>
        ),
      },
      bonusAfterCents: { render: (r) => nowrap(formatMoney(r.bonusAfterCents)) },
      place: { render: (r) => placeOf(r) ?? dash, exportValue: placeOf },
    });
    const without = new Set([...(forCard ? ['card', 'holder'] : []), ...(forHolder ? ['holder'] : [])]);
    return columns.filter((column) => !without.has(column.key));
  }, [t, forCard, forHolder]);
}

/** The card, by its printed number, among the cards the table is fixed to (an owner's, a holder's). */
const cardInput = (cards: { owner?: string; holder?: string }) => (props: FilterInputProps) => (
  <ReferenceSelect<LoyaltyCard>
    api={loyaltyCardsApi}
    optionLabel={(card) => (card.holderName ? `${card.number} · ${card.holderName}` : card.number)}
    searchField="number"
    baseQuery={cards}
    clearable
    {...props}
  />
);

/** The ledger's filters as the contract describes them, by field; the table picks and orders them. */
const describedFiltersOf = (cards: { owner?: string; holder?: string }) =>
  Object.fromEntries(
    describedFilters(cardTransactionFieldsDescription, {
      card: { render: cardInput(cards) },
      device: { render: (props) => <ReferenceSelect api={devicesApi} clearable {...props} /> },
      owner: { render: (props) => <ReferenceSelect api={loyaltyOwnersApi} clearable {...props} /> },
      holder: {
        render: (props) => (
          <ReferenceSelect<CardHolder>
            api={cardHoldersApi}
            optionLabel={(holder) => `${holder.name} ${holder.surname}`}
            searchField="surname"
            clearable
            {...props}
          />
        ),
      },
    }).map((filter) => [filter.field, filter]),
  ) as Record<'card' | 'holder' | 'owner' | 'kind' | 'device', Filter>;
/** Whole days of the time (`at[after]`, `at[before]`): the ledger's own filter of days. */
const periodFilter: Filter = { field: 'at', label: k('period'), kind: 'date-range' };

export interface CardTransactionsTableProps {
  title: string;
  /** One card's rows (its page): the card and its holder go without saying, and there is no card filter. */
  card?: string;
  /** One holder's rows (e.g. a holder's page): the holder goes without saying. */
  holder?: string;
  /** One owner's rows (e.g. an owner's page). */
  owner?: string;
  /** The ledger of an owner's or a holder's cards to choose: that chooser comes first among the filters. */
  scope?: 'owner' | 'holder';
  /** Keeps the column choice of differently scoped tables apart. */
  storageId: string;
  emptyText?: string;
  toolbar?: ReactNode;
}

/**
 * The card ledger (decision 0023), newest first: top-ups, spends on the machines and staff
 * corrections, each with its signed change of paid credit and bonus and the balances after it. Big
 * collections page by cursor on the server, as the transactions list. One table for the ledger
 * screens, a card's page and whichever page shows an owner's or a holder's rows.
 */
export function CardTransactionsTable({ title, card, holder, owner, scope, storageId, emptyText, toolbar }: CardTransactionsTableProps) {
  const columns = useColumns(card !== undefined, holder !== undefined);
  const filters = useMemo<Filter[]>(() => {
    const described = describedFiltersOf({ ...(owner && { owner }), ...(holder && { holder }) });
    if (card !== undefined) return [described.kind, periodFilter];
    const chooser = scope === 'owner' && !owner ? [described.owner] : scope === 'holder' && !holder ? [described.holder] : [];
    return [...chooser, described.card, described.kind, periodFilter, described.device];
  }, [card, holder, owner, scope]);
  const baseQuery = useMemo(
    () => (card || holder || owner ? { ...(card && { card }), ...(holder && { holder }), ...(owner && { owner }) } : undefined),
    [card, holder, owner],
  );
  return (
    <DataTable
      api={cardTransactionsApi}
      columns={columns}
      filters={filters}
      baseQuery={baseQuery}
      title={title}
      storageId={storageId}
      emptyText={emptyText}
      toolbar={toolbar}
    />
  );
}
