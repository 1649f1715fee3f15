import {
  formatDateTime,
  formatMoney,
  type LoyaltyCard,
  type PosWorker,
  parseIri,
  type TopUp,
  topUpFieldsDescription,
} from '@kovanica/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { below, CellBadge, dash, flagged, linkClass, nowrap, strong } from '../../components/data-table/cells.tsx';
import { type Column, DataTable, describedColumns, describedFilters, type Filter } from '../../components/data-table/index.ts';
import { NewButton, RowLink } from '../../components/list-actions.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { useAccess } from '../../lib/access.ts';
import { loyaltyCardsApi } from '../../lib/apis/loyalty-cards.ts';
import { posLocationsApi } from '../../lib/apis/pos-locations.ts';
import { posWorkersApi } from '../../lib/apis/pos-workers.ts';
import { topUpsApi } from '../../lib/apis/top-ups.ts';
import { balanceText, k } from './top-up-texts.tsx';
import classes from './top-ups-list.module.css';

const paymentColours = { cash: 'teal.9', card: 'blue.9' } as const;

/**
 * The columns of the top-up list, as the contract describes them (`topUpFieldsDescription`), with the
 * cells their kind cannot draw: links, what sits under a line, the payment's badge, the balance after.
 */
function useTopUpColumns(): Column<TopUp>[] {
  const { t } = useTranslation();
  const { can } = useAccess();
  const billsReadable = can('bills.read');
  return useMemo(() => {
    const payment = (r: TopUp) => t(k(`payments.${r.payment}`));
    return describedColumns<TopUp>(topUpFieldsDescription, t, {
      at: { render: (r) => nowrap(formatDateTime(r.at)) },
      cardNumber: {
        render: (r) => {
          const id = parseIri('loyalty-cards', r.card);
          // The holder under the number: the table is wide, and one reads them together.
          return (
            <>
              {id === null ? (
                nowrap(r.cardNumber)
              ) : (
                <RowLink to="/loyalty/cards/edit/$id" id={id} className={linkClass}>
                  {r.cardNumber}
                </RowLink>
              )}
              {r.holderName && below(r.holderName)}
            </>
          );
        },
      },
      posWorkerName: {
        // A sale entered in the back-office names who entered it, under the worker it was made for.
        render: (r) =>
          r.posWorkerName || r.userName ? (
            <>
              {r.posWorkerName ?? dash}
              {r.userName && below(t(k('enteredBy'), { name: r.userName }))}
            </>
          ) : (
            dash
          ),
      },
      paidCents: { render: (r) => nowrap(strong(formatMoney(r.paidCents))) },
      // The amount on its line, the promotion that gave it under it (names are long, the table is wide).
      bonusCents: {
        render: (r) =>
          r.bonusCents === 0 ? (
            dash
          ) : (
            <>
              <span className={classes.bonus}>+{formatMoney(r.bonusCents)}</span>
              {r.promotionName && below(r.promotionName)}
            </>
          ),
      },
      payment: { render: (r) => <CellBadge color={paymentColours[r.payment]}>{payment(r)}</CellBadge> },
      billNumber: {
        render: (r) => {
          const id = r.bill ? parseIri('bills', r.bill) : null;
          if (!r.billNumber) return dash;
          return id === null || !billsReadable ? (
            nowrap(r.billNumber)
          ) : (
            <RowLink to="/bills/$id" id={id} className={linkClass}>
              {r.billNumber}
            </RowLink>
          );
        },
      },
      balanceAfter: {
        align: 'right',
        render: (r) => flagged(balanceText(t, r.paidAfterCents, r.bonusAfterCents), r.paidAfterCents < 0),
        exportValue: (r) => balanceText(t, r.paidAfterCents, r.bonusAfterCents),
      },
      paidAfterCents: { render: (r) => nowrap(formatMoney(r.paidAfterCents)) },
      bonusAfterCents: { render: (r) => nowrap(formatMoney(r.bonusAfterCents)) },
    });
  }, [t, billsReadable]);
}

export const workerLabel = (worker: PosWorker) => `${worker.name} ${worker.surname} · ${worker.posLocationName}`;

/** The card, the point of sale and the worker are picked from their lists (the API takes IRIs); the period last. */
const filters: readonly Filter[] = [
  ...describedFilters(topUpFieldsDescription, {
    card: {
      render: (props) => (
        <ReferenceSelect<LoyaltyCard>
          api={loyaltyCardsApi}
          optionLabel={(card) => (card.holderName ? `${card.number} · ${card.holderName}` : card.number)}
          searchField="number"
          clearable
          {...props}
        />
      ),
    },
    posLocation: { render: (props) => <ReferenceSelect api={posLocationsApi} clearable {...props} /> },
    posWorker: {
      render: (props) => (
        <ReferenceSelect<PosWorker> api={posWorkersApi} optionLabel={workerLabel} searchField="surname" clearable {...props} />
      ),
    },
  }),
  { field: 'at', label: k('period'), kind: 'date-range' },
];

/**
 * `/loyalty/top-up/list`: every top-up, newest first (paged by cursor, as the card ledger): the money
 * paid and the bonus apart, the bill issued for the money, the card's balance right after. Top-ups are
 * never edited or deleted (a storno of the bill is the bills' business), so rows have no actions.
 */
export function TopUpsListPage() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const columns = useTopUpColumns();
  const title = t(k('name'));
  return (
    <>
      <PageHeader title={title} subtitle={t(k('subtitle'))} />
      <DataTable
        api={topUpsApi}
        columns={columns}
        filters={filters}
        title={title}
        toolbar={can('top-ups.create') && <NewButton to="/loyalty/top-up/new">{t(k('new'))}</NewButton>}
      />
    </>
  );
}
