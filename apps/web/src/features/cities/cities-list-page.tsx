import { type City, cityFieldsDescription } from '@kovanica/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { strong } from '../../components/data-table/cells.tsx';
import { describedColumns, describedFilters } from '../../components/data-table/index.ts';
import { ResourceList } from '../../components/resource-list.tsx';
import { citiesApi } from '../../lib/apis/cities.ts';

const filters = describedFilters(cityFieldsDescription);

/** `/cities/list`: shared reference data; only admins see and change it (the admin gate). */
export function CitiesListPage() {
  const { t } = useTranslation();
  // The columns as the contract describes them (`cityFieldsDescription`), the name in bold.
  const columns = useMemo(() => describedColumns<City>(cityFieldsDescription, t, { name: { render: (c) => strong(c.name) } }), [t]);
  // Cities are shared by every company: no company column.
  return <ResourceList api={citiesApi} columns={columns} filters={filters} companyColumn={false} />;
}
