import {
  type CardHolder,
  type CardTransaction,
  cardTransactionKinds,
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
import { exportMoney } from '../lib/export/table.ts';
import { CellBadge, dash, nowrap } from './data-table/cells.tsx';
import { type Column, DataTable, type Filter } from './data-table/index.ts';
import { ReferenceSelect } from './reference-select.tsx';

const k = (key: string) => `resources.card-transactions.${key}`;
const f = (field: string) => k(`fields.${field}`);

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

function useColumns(forCard: boolean, forHolder: boolean): Column<CardTransaction>[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const kind = (r: CardTransaction) => t(k(`kinds.${r.kind}`));
    const columns: (Column<CardTransaction> | false)[] = [
      {
        key: 'at',
        label: f('at'),
        sortField: 'at',
        render: (r) => nowrap(formatDateTime(r.at)),
        exportValue: (r) => formatDateTime(r.at),
      },
      !forCard && {
        key: 'card',
        label: f('card'),
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
        exportValue: (r) => r.cardNumber,
      },
      !forCard &&
        !forHolder && { key: 'holder', label: f('holder'), render: (r) => r.holderName ?? dash, exportValue: (r) => r.holderName },
      {
        key: 'kind',
        label: f('kind'),
        render: (r) => <CellBadge color={kindColours[r.kind]}>{kind(r)}</CellBadge>,
        exportValue: kind,
      },
      {
        key: 'paidCents',
        label: f('paidCents'),
        align: 'right',
        render: (r) => change(r.paidCents),
        exportValue: (r) => exportMoney(r.paidCents),
      },
      {
        key: 'bonusCents',
        label: f('bonusCents'),
        align: 'right',
        render: (r) => change(r.bonusCents),
        exportValue: (r) => exportMoney(r.bonusCents),
      },
      {
        key: 'paidAfterCents',
        label: f('paidAfterCents'),
        align: 'right',
        render: (r) => (
          <Text span inherit c={r.paidAfterCents < 0 ? 'red.9' : undefined} style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(r.paidAfterCents)}
          </Text>
        ),
        exportValue: (r) => exportMoney(r.paidAfterCents),
      },
      {
        key: 'bonusAfterCents',
        label: f('bonusAfterCents'),
        align: 'right',
        render: (r) => nowrap(formatMoney(r.bonusAfterCents)),
        exportValue: (r) => exportMoney(r.bonusAfterCents),
      },
      { key: 'place', label: f('place'), render: (r) => placeOf(r) ?? dash, exportValue: placeOf },
      { key: 'user', label: f('user'), render: (r) => r.userName ?? dash, exportValue: (r) => r.userName },
      { key: 'note', label: f('note'), render: (r) => r.note ?? dash, exportValue: (r) => r.note },
    ];
    return columns.filter((column): column is Column<CardTransaction> => column !== false);
  }, [t, forCard, forHolder]);
}

const kindFilter: Filter = {
  field: 'kind',
  label: f('kind'),
  kind: 'select',
  options: cardTransactionKinds.map((kind) => ({ value: kind, label: k(`kinds.${kind}`) })),
};
const periodFilter: Filter = { field: 'at', label: k('period'), kind: 'date-range' };
const deviceFilter: Filter = {
  field: 'device',
  label: f('device'),
  kind: 'custom',
  render: (props) => <ReferenceSelect api={devicesApi} clearable {...props} />,
};
/** The card, by its printed number, among the cards the table is fixed to (an owner's, a holder's). */
const cardFilter = (cards: { owner?: string; holder?: string }): Filter => ({
  field: 'card',
  label: f('card'),
  kind: 'custom',
  render: (props) => (
    <ReferenceSelect<LoyaltyCard>
      api={loyaltyCardsApi}
      optionLabel={(card) => (card.holderName ? `${card.number} · ${card.holderName}` : card.number)}
      searchField="number"
      baseQuery={cards}
      clearable
      {...props}
    />
  ),
});
const ownerFilter: Filter = {
  field: 'owner',
  label: f('owner'),
  kind: 'custom',
  render: (props) => <ReferenceSelect api={loyaltyOwnersApi} clearable {...props} />,
};
const holderFilter: Filter = {
  field: 'holder',
  label: f('holder'),
  kind: 'custom',
  render: (props) => (
    <ReferenceSelect<CardHolder>
      api={cardHoldersApi}
      optionLabel={(holder) => `${holder.name} ${holder.surname}`}
      searchField="surname"
      clearable
      {...props}
    />
  ),
};

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
    if (card !== undefined) return [kindFilter, periodFilter];
    const chooser = scope === 'owner' && !owner ? [ownerFilter] : scope === 'holder' && !holder ? [holderFilter] : [];
    return [...chooser, cardFilter({ ...(owner && { owner }), ...(holder && { holder }) }), kindFilter, periodFilter, deviceFilter];
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
