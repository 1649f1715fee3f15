import { type CardHolder, formatDate } from '@kovanica/contract';
import { useMemo } from 'react';
import { dash, strong } from '../../components/data-table/cells.tsx';
import type { Column, Filter } from '../../components/data-table/index.ts';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { ResourceList } from '../../components/resource-list.tsx';
import { cardHoldersApi } from '../../lib/apis/card-holders.ts';
import { loyaltyOwnersApi } from '../../lib/apis/loyalty-owners.ts';

const f = (field: string) => `resources.card-holders.fields.${field}`;
const filters: readonly Filter[] = [
  { field: 'surname', label: f('surname'), kind: 'text' },
  { field: 'name', label: f('name'), kind: 'text' },
  { field: 'email', label: f('email'), kind: 'text' },
  {
    field: 'owner',
    label: f('owner'),
    kind: 'custom',
    render: ({ label, value, onChange }) => <ReferenceSelect api={loyaltyOwnersApi} label={label} value={value} onChange={onChange} />,
  },
];

function useColumns(): Column<CardHolder>[] {
  return useMemo(
    () => [
      {
        key: 'surname',
        label: f('fullName'),
        sortField: 'surname',
        render: (h) => strong(`${h.surname} ${h.name}`),
        exportValue: (h) => `${h.surname} ${h.name}`,
      },
      { key: 'owner', label: f('owner'), render: (h) => h.ownerName, exportValue: (h) => h.ownerName },
      { key: 'email', label: f('email'), render: (h) => h.email ?? dash, exportValue: (h) => h.email },
      { key: 'phone', label: f('phone'), render: (h) => h.phone ?? dash, exportValue: (h) => h.phone },
      {
        key: 'consentAt',
        label: f('consentAt'),
        sortField: 'consentAt',
        render: (h) => (h.consentAt ? formatDate(h.consentAt) : dash),
        exportValue: (h) => (h.consentAt ? formatDate(h.consentAt) : null),
      },
      {
        key: 'consentVersion',
        label: f('consentVersion'),
        defaultHidden: true,
        render: (h) => h.consentVersion ?? dash,
        exportValue: (h) => h.consentVersion,
      },
      { key: 'cardsCount', label: f('cardsCount'), align: 'right', render: (h) => h.cardsCount, exportValue: (h) => h.cardsCount },
    ],
    [],
  );
}

/** `/loyalty/users/list`: the card holders of the company's programmes (the original's loyalty "users"). */
export function CardHoldersListPage() {
  const columns = useColumns();
  return <ResourceList api={cardHoldersApi} columns={columns} filters={filters} readable />;
}
