import { cardStatuses, formatDateTime, formatMoney, type LoyaltyCard } from '@kovanica/contract';
import { Button } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dash, nowrap } from '../../components/data-table/cells.tsx';
import type { Column, Filter } from '../../components/data-table/index.ts';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { ResourceList } from '../../components/resource-list.tsx';
import { useAccess } from '../../lib/access.ts';
import { loyaltyCardsApi } from '../../lib/apis/loyalty-cards.ts';
import { loyaltyOwnersApi } from '../../lib/apis/loyalty-owners.ts';
import { exportMoney } from '../../lib/export/table.ts';
import { BalanceCell, balanceText, CardStatusBadge, FlaggedBadge } from './card-badges.tsx';

const f = (field: string) => `resources.loyalty-cards.fields.${field}`;
function useCardColumns(): Column<LoyaltyCard>[] {
  const { t } = useTranslation();
  return useMemo(
    () => [
      {
        key: 'number',
        label: f('number'),
        sortField: 'number',
        render: (c) => nowrap(<strong>{c.number}</strong>),
        exportValue: (c) => c.number,
      },
      {
        key: 'uid',
        label: f('uid'),
        sortField: 'uid',
        render: (c) => <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{c.uid}</span>,
        exportValue: (c) => c.uid,
      },
      { key: 'owner', label: f('owner'), render: (c) => c.ownerName, exportValue: (c) => c.ownerName },
      { key: 'holder', label: f('holder'), render: (c) => c.holderName ?? dash, exportValue: (c) => c.holderName },
      {
        key: 'status',
        label: f('status'),
        sortField: 'status',
        render: (c) => <CardStatusBadge status={c.status} />,
        exportValue: (c) => t(`resources.loyalty-cards.statuses.${c.status}`),
      },
      {
        key: 'balance',
        label: f('balance'),
        sortField: 'paidCents',
        align: 'right',
        render: (c) => <BalanceCell card={c} />,
        exportValue: (c) => balanceText(t, c),
      },
      {
        key: 'paidCents',
        label: f('paidCents'),
        align: 'right',
        defaultHidden: true,
        render: (c) => formatMoney(c.paidCents),
        exportValue: (c) => exportMoney(c.paidCents),
      },
      {
        key: 'bonusCents',
        label: f('bonusCents'),
        align: 'right',
        defaultHidden: true,
        render: (c) => formatMoney(c.bonusCents),
        exportValue: (c) => exportMoney(c.bonusCents),
      },
      {
        key: 'flagged',
        label: f('flagged'),
        render: (c) => (c.flagged ? <FlaggedBadge /> : dash),
        exportValue: (c) => (c.flagged ? t('dataTable.yes') : t('dataTable.no')),
      },
      {
        key: 'lastUsedAt',
        label: f('lastUsedAt'),
        sortField: 'lastUsedAt',
        render: (c) => (c.lastUsedAt ? nowrap(formatDateTime(c.lastUsedAt)) : dash),
        exportValue: (c) => (c.lastUsedAt ? formatDateTime(c.lastUsedAt) : null),
      },
    ],
    [t],
  );
}

const filters: readonly Filter[] = [
  { field: 'number', label: f('number'), kind: 'text' },
  { field: 'uid', label: f('uid'), kind: 'text' },
  {
    field: 'status',
    label: f('status'),
    kind: 'select',
    options: cardStatuses.map((status) => ({ value: status, label: `resources.loyalty-cards.statuses.${status}` })),
  },
  {
    field: 'owner',
    label: f('owner'),
    kind: 'custom',
    render: (props) => <ReferenceSelect api={loyaltyOwnersApi} clearable {...props} />,
  },
  // "Needs a look": cards a spend was recorded on that they did not cover, or while blocked or lost.
  { field: 'flagged', label: 'resources.loyalty-cards.flaggedFilter', kind: 'boolean' },
];

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
