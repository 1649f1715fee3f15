import { formatCount, formatMoney, type Repository, repositoryFieldsDescription, type User } from '@kovanica/contract';
import { ActionIcon, Badge, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, describedColumns, describedFilters } from '../../components/data-table/index.ts';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { ResourceList } from '../../components/resource-list.tsx';
import { RowTooltip } from '../../components/row-tooltip.tsx';
import { useAccess } from '../../lib/access.ts';
import { repositoriesApi } from '../../lib/apis/repositories.ts';
import { usersApi } from '../../lib/apis/users.ts';
import { MovementModal } from './movement-modal.ts';

const userLabel = (u: User) => `${u.name} ${u.surname}`;

/**
 * The columns of the repository list, as the contract describes them (`repositoryFieldsDescription`),
 * with the cells their kind cannot draw. The description (and so the file) starts with the name; on
 * screen the type's badge leads the row, as it always has.
 */
function useColumns(): Column<Repository>[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const columns = describedColumns<Repository>(repositoryFieldsDescription, t, {
      type: {
        render: (r) => (
          <Badge variant="outline" color={r.type === 'van' ? 'cyan.9' : 'indigo.8'} tt="none">
            {t(`resources.repositories.types.${r.type}`)}
          </Badge>
        ),
      },
      name: { render: (r) => <Text fw={600}>{r.name}</Text> },
      articlesInStock: { render: (r) => formatCount(r.articlesInStock) },
      unitsInStock: { render: (r) => formatCount(r.unitsInStock) },
      stockValueCents: {
        render: (r) => (
          <Text span inherit style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(r.stockValueCents)}
          </Text>
        ),
      },
    });
    const type = columns.filter((c) => c.key === 'type');
    return [...type, ...columns.filter((c) => c.key !== 'type')];
  }, [t]);
}

/** The filters of the repository list: name, type, and the responsible worker picked from the users. */
const filters = describedFilters(repositoryFieldsDescription, {
  responsibleWorker: {
    render: (props) => <ReferenceSelect api={usersApi} searchField="surname" optionLabel={userLabel} clearable {...props} />,
  },
});
/** Who reads no users (workers, accountants) filters by name and type only. */
const filtersWithoutUsers = filters.filter((f) => f.field !== 'responsibleWorker');

/** `/articles/repositories/list`: warehouses and vans, what each holds and its value. */
export function RepositoriesListPage() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const columns = useColumns();
  const [moving, setMoving] = useState<Repository | null>(null);
  return (
    <>
      <ResourceList
        api={repositoriesApi}
        columns={columns}
        filters={can('users.read') ? filters : filtersWithoutUsers}
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
