import type { City } from '@kovanica/contract';
import { strong } from '../../components/data-table/cells.tsx';
import { type Column, type Filter, fieldColumn } from '../../components/data-table/index.ts';
import { ResourceList } from '../../components/resource-list.tsx';
import { citiesApi } from '../../lib/apis/cities.ts';

const f = (field: string) => `resources.cities.fields.${field}`;

const columns: readonly Column<City>[] = [
  fieldColumn('cities', 'name', { sortField: 'name', render: (c) => strong(c.name) }),
  fieldColumn('cities', 'locationsCount', { align: 'right' }),
];

const filters: readonly Filter[] = [{ field: 'name', label: f('name'), kind: 'text' }];

/** `/cities/list`: shared reference data; only admins see and change it (the admin gate). */
export function CitiesListPage() {
  // Cities are shared by every company: no company column.
  return <ResourceList api={citiesApi} columns={columns} filters={filters} companyColumn={false} />;
}
