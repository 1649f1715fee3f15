import { useTranslation } from 'react-i18next';
import { CardTransactionsTable } from '../../components/card-transactions-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';

const k = (key: string) => `resources.card-transactions.${key}`;

/**
 * The ledger screens of the loyalty programme. Each is the one ledger table: of every card, or with
 * an owner's or a holder's chooser first among its filters. Until one is chosen, every card's rows are
 * listed (newest first), so the page is never empty; the choice is kept in the URL like any filter.
 */
function LedgerPage({ scope, titleKey, subtitleKey }: { scope?: 'owner' | 'holder'; titleKey: string; subtitleKey: string }) {
  const { t } = useTranslation();
  const title = t(k(titleKey));
  return (
    <>
      <PageHeader title={title} subtitle={t(k(subtitleKey))} />
      <CardTransactionsTable title={title} scope={scope} storageId={scope ? `card-transactions-${scope}` : 'card-transactions'} />
    </>
  );
}

/** `/loyalty/cards/transactions`: the ledger of every card. */
export const CardTransactionsPage = () => <LedgerPage titleKey="name" subtitleKey="subtitle" />;

/** `/loyalty/owners/transactions`: the ledger by programme owner. */
export const OwnerTransactionsPage = () => <LedgerPage scope="owner" titleKey="ownerTitle" subtitleKey="ownerSubtitle" />;

/** `/loyalty/users/transactions`: the ledger by card holder (the original's loyalty "users"). */
export const HolderTransactionsPage = () => <LedgerPage scope="holder" titleKey="holderTitle" subtitleKey="holderSubtitle" />;
