import { formatDateTime, type LoyaltyCard, loyaltyCardFieldsDescription } from '@kovanica/contract';
import { Button } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dash, nowrap } from '../../components/data-table/cells.tsx';
import { type Column, describedColumns, describedFilters } from '../../components/data-table/index.ts';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { ResourceList } from '../../components/resource-list.tsx';
import { useAccess } from '../../lib/access.ts';
import { loyaltyCardsApi } from '../../lib/apis/loyalty-cards.ts';
import { loyaltyOwnersApi } from '../../lib/apis/loyalty-owners.ts';
import { BalanceCell, balanceText, CardStatusBadge, FlaggedBadge } from './card-badges.tsx';

/**
 * The columns of the card list, as the contract describes them (`loyaltyCardFieldsDescription`), with
 * the cells their kind cannot draw: the status's badge, the balance (paid credit and bonus in one
 * cell, ordered by the paid credit), the flag a card needs a look.
 */
function useCardColumns(): Column<LoyaltyCard>[] {
  const { t } = useTranslation();
  return useMemo(
    () =>
      describedColumns<LoyaltyCard>(loyaltyCardFieldsDescription, t, {
        number: { render: (c) => nowrap(<strong>{c.number}</strong>) },
        uid: { render: (c) => <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{c.uid}</span> },
        status: { render: (c) => <CardStatusBadge status={c.status} /> },
        balance: { sortField: 'paidCents', render: (c) => <BalanceCell card={c} />, exportValue: (c) => balanceText(t, c) },
        flagged: { render: (c) => (c.flagged ? <FlaggedBadge /> : dash) },
        lastUsedAt: { render: (c) => (c.lastUsedAt ? nowrap(formatDateTime(c.lastUsedAt)) : dash) },
      }),
    [t],
  );
}

/**
 * The filters of the card list: number, UID, status, the programme's owner picked from its list, and
 * "needs a look": cards a spend was recorded on that they did not cover, or while blocked or lost.
 */
const filters = describedFilters(loyaltyCardFieldsDescription, {
  owner: { render: (props) => <ReferenceSelect api={loyaltyOwnersApi} clearable {...props} /> },
  flagged: { label: 'resources.loyalty-cards.flaggedFilter' },
});

/** `/loyalty/cards/list`: the programme's cards, their status and balance; accountants open them read-only. */
export function LoyaltyCardsListPage() {
  const columns = useCardColumns();
  const { t } = useTranslation();
  const { can } = useAccess();
  const upload = can('loyalty-cards.create') && (
    <Button component={Link} to="/loyalty/cards/upload" variant="default" leftSection={<IconFileUpload size={16} aria-hidden />}>
      {t('cardUpload.upload')}
    </Button>
  );
  return <ResourceList api={loyaltyCardsApi} columns={columns} filters={filters} readable toolbar={upload || undefined} />;
}
