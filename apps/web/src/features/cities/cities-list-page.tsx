import type { City } from '@kovanica/contract';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import type { Column, Filter } from '../../components/data-table/index.ts';
import { DataTable } from '../../components/data-table/index.ts';
import { EditRowLink, NewButton } from '../../components/list-actions.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useAccess } from '../../lib/access.ts';
import { citiesApi } from '../../lib/resources.ts';

const f = (field: string) => `resources.cities.fields.${field}`;

const columns: readonly Column<City>[] = [
  { key: 'name', label: f('name'), sortField: 'name', render: (c) => <Text fw={600}>{c.name}</Text>, exportValue: (c) => c.name },
  {
    key: 'locationsCount',
    label: f('locationsCount'),
    align: 'right',
    render: (c) => c.locationsCount,
    exportValue: (c) => c.locationsCount,
  },
];

const filters: readonly Filter[] = [{ field: 'name', label: f('name'), kind: 'text' }];

/** `/cities/list`: shared reference data; everyone reads it, only admins change it. */
export function CitiesListPage() {
  const { t } = useTranslation();
  const access = useAccess();
  const title = t('resources.cities.name');

  const rowActions = (city: City) => (
    <>
      {access.can('cities.update') && (
        <EditRowLink to="/cities/edit/$id" id={city.id} label={t('resources.cities.editRow', { name: city.name })} />
      )}
      {access.can('cities.delete') && <ConfirmDelete api={citiesApi} id={city.id} name={city.name} />}
    </>
  );

  return (
    <>
      <PageHeader title={title} />
      <DataTable
        api={citiesApi}
        // Cities are shared by every company.
        companyColumn={false}
        columns={columns}
        filters={filters}
        title={title}
        rowActions={access.can('cities.update') || access.can('cities.delete') ? rowActions : undefined}
        toolbar={access.can('cities.create') && <NewButton to="/cities/new">{t('resources.cities.new')}</NewButton>}
      />
    </>
  );
}
