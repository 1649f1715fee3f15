import { formatDateTime, type PosWorker } from '@kovanica/contract';
import { Badge, Group } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dash, strong } from '../../components/data-table/cells.tsx';
import type { Column, Filter } from '../../components/data-table/index.ts';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { ResourceList } from '../../components/resource-list.tsx';
import { posLocationsApi } from '../../lib/apis/pos-locations.ts';
import { posWorkersApi } from '../../lib/apis/pos-workers.ts';

const f = (field: string) => `resources.pos-workers.fields.${field}`;
const filters: Filter[] = [
  { field: 'surname', label: f('surname'), kind: 'text' },
  { field: 'name', label: f('name'), kind: 'text' },
  {
    field: 'posLocation',
    label: f('posLocation'),
    kind: 'custom',
    render: ({ label, value, onChange }) => <ReferenceSelect api={posLocationsApi} label={label} value={value} onChange={onChange} />,
  },
  { field: 'active', label: f('active'), kind: 'boolean' },
];

/** `/loyalty/pos-workers/list`: who sells credit at the points of sale, and whether the terminal lets them in. */
export function PosWorkersListPage() {
  const { t } = useTranslation();
  const columns = useMemo<Column<PosWorker>[]>(() => {
    const yesNo = (value: boolean) => t(value ? 'dataTable.yes' : 'dataTable.no');
    return [
      {
        key: 'surname',
        label: f('surname'),
        sortField: 'surname',
        render: (w) => strong(w.surname),
        exportValue: (w) => w.surname,
      },
      { key: 'name', label: f('name'), sortField: 'name', render: (w) => w.name, exportValue: (w) => w.name },
      { key: 'oib', label: f('oib'), render: (w) => w.oib, exportValue: (w) => w.oib },
      { key: 'posLocation', label: f('posLocation'), render: (w) => w.posLocationName, exportValue: (w) => w.posLocationName },
      {
        key: 'active',
        label: f('active'),
        render: (w) => (
          <Group gap={6} wrap="nowrap">
            <Badge variant="filled" color={w.active ? 'teal.9' : 'gray.7'} tt="none">
              {yesNo(w.active)}
            </Badge>
            {w.lockedUntil && (
              <Badge variant="outline" color="red.9" tt="none">
                {t('resources.pos-workers.locked')}
              </Badge>
            )}
          </Group>
        ),
        exportValue: (w) => yesNo(w.active),
      },
      {
        key: 'pinSetAt',
        label: f('pinSetAt'),
        defaultHidden: true,
        render: (w) => (w.pinSetAt ? formatDateTime(w.pinSetAt) : dash),
        exportValue: (w) => (w.pinSetAt ? formatDateTime(w.pinSetAt) : null),
      },
    ];
  }, [t]);
  return <ResourceList api={posWorkersApi} columns={columns} filters={filters} />;
}
