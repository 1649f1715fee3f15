import type { PosOwner } from '@kovanica/contract';
import { useMemo } from 'react';
import { dash, strong } from '../../components/data-table/cells.tsx';
import type { Column, Filter } from '../../components/data-table/index.ts';
import { ResourceList } from '../../components/resource-list.tsx';
import { posOwnersApi } from '../../lib/apis/pos-owners.ts';

const f = (field: string) => `resources.pos-owners.fields.${field}`;
const columns: Column<PosOwner>[] = [
  { key: 'name', label: f('name'), sortField: 'name', render: (o) => strong(o.name), exportValue: (o) => o.name },
  { key: 'oib', label: f('oib'), render: (o) => o.oib, exportValue: (o) => o.oib },
  { key: 'email', label: f('email'), render: (o) => o.email ?? dash, exportValue: (o) => o.email },
  { key: 'phone', label: f('phone'), render: (o) => o.phone ?? dash, exportValue: (o) => o.phone },
  { key: 'address', label: f('address'), defaultHidden: true, render: (o) => o.address ?? dash, exportValue: (o) => o.address },
  {
    key: 'locationsCount',
    label: f('locationsCount'),
    align: 'right',
    render: (o) => o.locationsCount,
    exportValue: (o) => o.locationsCount,
  },
];

/** `/loyalty/pos-owners/list`: the companies that sell the programme's credit at their points of sale. */
export function PosOwnersListPage() {
  const filters = useMemo<Filter[]>(
    () => [
      { field: 'name', label: f('name'), kind: 'text' },
      { field: 'oib', label: f('oib'), kind: 'text' },
    ],
    [],
  );
  return <ResourceList api={posOwnersApi} columns={columns} filters={filters} readable />;
}
