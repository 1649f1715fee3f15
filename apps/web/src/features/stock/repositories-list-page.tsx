import { formatCount, formatMoney, type Repository, repositoryTypes, type User } from '@kovanica/contract';
import { ActionIcon, Badge, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dash } from '../../components/data-table/cells.tsx';
import { type Column, type Filter, fieldColumn } from '../../components/data-table/index.ts';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { ResourceList } from '../../components/resource-list.tsx';
import { RowTooltip } from '../../components/row-tooltip.tsx';
import { useAccess } from '../../lib/access.ts';
import { repositoriesApi } from '../../lib/apis/repositories.ts';
import { usersApi } from '../../lib/apis/users.ts';
import { exportMoney } from '../../lib/export/table.ts';
import { MovementModal } from './movement-modal.ts';

const k = (key: string) => `resources.repositories.${key}`;
const f = (field: string) => k(`fields.${field}`);

const userLabel = (u: User) => `${u.name} ${u.surname}`;

function useColumns(): Column<Repository>[] {
  const { t } = useTranslation();
  const type = (r: Repository) => t(k(`types.${r.type}`));
  return [
    fieldColumn('repositories', 'type', {
      sortField: 'type',
      render: (r) => (
        <Badge variant="outline" color={r.type === 'van' ? 'cyan.9' : 'indigo.8'} tt="none">
          {type(r)}
        </Badge>
      ),
      exportValue: type,
    }),
    fieldColumn('repositories', 'name', { sortField: 'name', render: (r) => <Text fw={600}>{r.name}</Text> }),
    fieldColumn('repositories', 'responsibleWorkerName', { render: (r) => r.responsibleWorkerName ?? dash }),
    fieldColumn('repositories', 'address', { defaultHidden: true, render: (r) => r.address ?? dash }),
    fieldColumn('repositories', 'articlesInStock', { align: 'right', render: (r) => formatCount(r.articlesInStock) }),
    fieldColumn('repositories', 'unitsInStock', { align: 'right', render: (r) => formatCount(r.unitsInStock) }),
    fieldColumn('repositories', 'stockValueCents', {
      align: 'right',
      render: (r) => (
        <Text span inherit style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(r.stockValueCents)}
        </Text>
      ),
      exportValue: (r) => exportMoney(r.stockValueCents),
    }),
  ];
}

const nameFilter: Filter = { field: 'name', label: f('name'), kind: 'text' };
const typeFilter: Filter = {
  field: 'type',
  label: f('type'),
  kind: 'select',
  options: repositoryTypes.map((type) => ({ value: type, label: k(`types.${type}`) })),
};
const workerFilter: Filter = {
  field: 'responsibleWorker',
  label: f('responsibleWorker'),
  kind: 'custom',
  render: (props) => <ReferenceSelect api={usersApi} searchField="surname" optionLabel={userLabel} clearable {...props} />,
};

/** `/articles/repositories/list`: warehouses and vans, what each holds and its value. */
export function RepositoriesListPage() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const columns = useColumns();
  const [moving, setMoving] = useState<Repository | null>(null);
  // Who reads no users (workers, accountants) filters by name and type only.
  const filters = can('users.read') ? [nameFilter, typeFilter, workerFilter] : [nameFilter, typeFilter];
  return (
    <>
      <ResourceList
        api={repositoriesApi}
        columns={columns}
        filters={filters}
        readable
        moreRowActions={
          can('movements.create')
            ? (repository) => (
                <RowTooltip label={t('resources.movements.recordFor', { name: repository.name })}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('resources.movements.recordFor', { name: repository.name })}
                    onClick={() => setMoving(repository)}
                  >
                    <IconArrowsExchange size={18} aria-hidden />
                  </ActionIcon>
                </RowTooltip>
              )
            : undefined
        }
      />
      <MovementModal opened={moving !== null} onClose={() => setMoving(null)} repository={moving ?? undefined} />
    </>
  );
}
