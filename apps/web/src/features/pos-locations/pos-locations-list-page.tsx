import { formatDateTime, type PosLocation } from '@kovanica/contract';
import { Badge } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dash, strong } from '../../components/data-table/cells.tsx';
import type { Column, Filter } from '../../components/data-table/index.ts';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { ResourceList } from '../../components/resource-list.tsx';
import { posLocationsApi } from '../../lib/apis/pos-locations.ts';
import { posOwnersApi } from '../../lib/apis/pos-owners.ts';

const f = (field: string) => `resources.pos-locations.fields.${field}`;
const filters: Filter[] = [
  { field: 'name', label: f('name'), kind: 'text' },
  {
    field: 'posOwner',
    label: f('posOwner'),
    kind: 'custom',
    render: ({ label, value, onChange }) => <ReferenceSelect api={posOwnersApi} label={label} value={value} onChange={onChange} />,
  },
  { field: 'active', label: f('active'), kind: 'boolean' },
];

/** `/loyalty/pos-locations/list`: where the programme's credit is sold, with the fiscal names of their bills. */
export function PosLocationsListPage() {
  const { t } = useTranslation();
  const columns = useMemo<Column<PosLocation>[]>(() => {
    const yesNo = (value: boolean) => t(value ? 'dataTable.yes' : 'dataTable.no');
    return [
      { key: 'name', label: f('name'), sortField: 'name', render: (l) => strong(l.name), exportValue: (l) => l.name },
      { key: 'posOwner', label: f('posOwner'), render: (l) => l.posOwnerName, exportValue: (l) => l.posOwnerName },
      { key: 'address', label: f('address'), render: (l) => l.address ?? dash, exportValue: (l) => l.address },
      {
        key: 'premisesLabel',
        label: f('premisesLabel'),
        sortField: 'premisesLabel',
        render: (l) => l.premisesLabel,
        exportValue: (l) => l.premisesLabel,
      },
      { key: 'isu', label: f('isu'), render: (l) => l.isu, exportValue: (l) => l.isu },
      {
        key: 'active',
        label: f('active'),
        render: (l) => (
          <Badge variant="filled" color={l.active ? 'teal.9' : 'gray.7'} tt="none">
            {yesNo(l.active)}
          </Badge>
        ),
        exportValue: (l) => yesNo(l.active),
      },
      {
        key: 'terminalKeyIssuedAt',
        label: f('terminalKeyIssuedAt'),
        defaultHidden: true,
        render: (l) => (l.terminalKeyIssuedAt ? formatDateTime(l.terminalKeyIssuedAt) : dash),
        exportValue: (l) => (l.terminalKeyIssuedAt ? formatDateTime(l.terminalKeyIssuedAt) : null),
      },
      { key: 'workersCount', label: f('workersCount'), align: 'right', render: (l) => l.workersCount, exportValue: (l) => l.workersCount },
    ];
  }, [t]);
  return <ResourceList api={posLocationsApi} columns={columns} filters={filters} readable />;
}
