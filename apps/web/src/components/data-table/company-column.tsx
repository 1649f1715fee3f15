import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { deferredApi } from '../../lib/resource-api.ts';
import { useSession } from '../../lib/session.ts';
import { type View, viewOf } from '../../lib/view.ts';
import { fetchReferenceLabel, ReferenceLabel, ReferenceSelect } from '../reference-select.tsx';
import type { Column, Filter, Row } from './types.ts';

/**
 * Where a list's company column goes in the All Companies view: after the column with this key, or
 * after the first column (the row's name) when not said; `false` for a list without one (the
 * companies themselves, cities).
 */
export type CompanyColumnOption = false | { after: string };

/**
 * A list of rows that carry a `company` gets the company column and filter on its own; a list of
 * rows without one must say `companyColumn={false}`, so a resource that gains a company is not
 * missed by accident.
 */
export type CompanyColumnProps<T> = T extends { company: string | null }
  ? { /** See `CompanyColumnOption`; the column (key `company`) and filter come by default. */ companyColumn?: CompanyColumnOption }
  : { /** These rows carry no company: there is no company column to show. */ companyColumn: false };

// Only the All Companies view shows the column: the companies' schemas are built at its first fetch,
// not with every list.
const companiesApi = deferredApi('companies', () => import('../../lib/apis/companies.ts').then((m) => m.companiesApi));

const companyOf = (row: Row): string | null => {
  const value: unknown = Reflect.get(row, 'company');
  return typeof value === 'string' ? value : null;
};

/**
 * The columns and filters of a list with, in the All Companies view (the switch's, or the `view`
 * the table asks for), the company column and the company filter (last). The column's key is
 * `company`, so a hidden company column stays hidden.
 */
export function useCompanyColumn<T extends Row>(
  columns: readonly Column<T>[],
  filters: readonly Filter[],
  option: CompanyColumnOption | undefined,
  view: View | undefined,
): { columns: readonly Column<T>[]; filters: readonly Filter[] } {
  const queryClient = useQueryClient();
  const { accountInfo } = useSession();
  const wide = option !== false && (view ?? viewOf(accountInfo)) === 'all';
  const after = option ? option.after : null;

  return useMemo(() => {
    if (!wide) return { columns, filters };
    const column: Column<T> = {
      key: 'company',
      label: 'dataTable.company',
      render: (row) => <ReferenceLabel api={companiesApi} value={companyOf(row)} />,
      exportValue: (row) => fetchReferenceLabel(queryClient, companiesApi, companyOf(row)),
    };
    const filter: Filter = {
      field: 'company',
      label: 'dataTable.company',
      kind: 'custom',
      // The companies of the list's own view (the admins' users list asks for every company).
      render: (props) => <ReferenceSelect api={companiesApi} view={view} clearable {...props} />,
    };
    const at = after === null ? 1 : columns.findIndex((c) => c.key === after) + 1 || columns.length;
    return { columns: [...columns.slice(0, at), column, ...columns.slice(at)], filters: [...filters, filter] };
  }, [wide, after, columns, filters, view, queryClient]);
}
