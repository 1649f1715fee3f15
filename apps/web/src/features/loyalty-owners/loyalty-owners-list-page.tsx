import { formatDateTime, formatPercent, type LoyaltyOwner } from '@kovanica/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dash, strong } from '../../components/data-table/cells.tsx';
import type { Column, Filter } from '../../components/data-table/index.ts';
import { ResourceList } from '../../components/resource-list.tsx';
import { loyaltyOwnersApi } from '../../lib/apis/loyalty-owners.ts';
import { OwnerKindBadge } from './owner-kind-badge.tsx';

const f = (field: string) => `resources.loyalty-owners.fields.${field}`;
const filters: readonly Filter[] = [
  { field: 'name', label: f('name'), kind: 'text' },
  { field: 'oib', label: f('oib'), kind: 'text' },
  { field: 'isOperator', label: f('isOperator'), kind: 'boolean' },
];

function useColumns(): Column<LoyaltyOwner>[] {
  const { t } = useTranslation();
  return useMemo(
    () => [
      { key: 'name', label: f('name'), sortField: 'name', render: (o) => strong(o.name), exportValue: (o) => o.name },
      { key: 'oib', label: f('oib'), render: (o) => o.oib, exportValue: (o) => o.oib },
      {
        key: 'isOperator',
        label: f('kind'),
        render: (o) => <OwnerKindBadge owner={o} />,
        exportValue: (o) => t(o.isOperator ? 'resources.loyalty-owners.kinds.operator' : 'resources.loyalty-owners.kinds.partner'),
      },
      {
        key: 'commissionPercentage',
        label: f('commissionPercentage'),
        align: 'right',
        render: (o) => formatPercent(o.commissionPercentage),
        exportValue: (o) => o.commissionPercentage,
      },
      { key: 'email', label: f('email'), render: (o) => o.email ?? dash, exportValue: (o) => o.email },
      { key: 'phone', label: f('phone'), defaultHidden: true, render: (o) => o.phone ?? dash, exportValue: (o) => o.phone },
      { key: 'holdersCount', label: f('holdersCount'), align: 'right', render: (o) => o.holdersCount, exportValue: (o) => o.holdersCount },
      { key: 'cardsCount', label: f('cardsCount'), align: 'right', render: (o) => o.cardsCount, exportValue: (o) => o.cardsCount },
      {
        key: 'appKeyIssuedAt',
        label: f('appKeyIssuedAt'),
        defaultHidden: true,
        render: (o) => (o.appKeyIssuedAt ? formatDateTime(o.appKeyIssuedAt) : dash),
        exportValue: (o) => (o.appKeyIssuedAt ? formatDateTime(o.appKeyIssuedAt) : null),
      },
    ],
    [t],
  );
}

/** `/loyalty/owners/list`: who runs a loyalty programme, the company itself or its partners. */
export function LoyaltyOwnersListPage() {
  const columns = useColumns();
  return <ResourceList api={loyaltyOwnersApi} columns={columns} filters={filters} readable />;
}
