import { formatDate, formatPercent, type Lessor, lessorFieldsDescription } from '@kovanica/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dash, nowrap, strong } from '../../components/data-table/cells.tsx';
import { type Column, describedColumns, describedFilters, type Filter } from '../../components/data-table/index.ts';
import { DayInput } from '../../components/day-input.tsx';
import { ResourceList } from '../../components/resource-list.tsx';
import { lessorsApi } from '../../lib/apis/lessors.ts';
import { ContractBadge } from './contract-badge.tsx';
import { StatementRowAction, useMayMakeStatements } from './statement-modal.tsx';

/** A calendar-day filter: the day travels as it is (`contractEnd[gte]=2026-01-31`), the column is a date. */
const dayFilter = (field: string, label: string): Filter => ({
  field,
  label,
  kind: 'custom',
  render: ({ label: text, value, onChange }) => <DayInput label={text} value={value ?? ''} onChange={(v) => onChange(v || null)} />,
});

/** The filters of the lessor list: the described ones (an OIB typed whole), then the contract's end between two days. */
const filters: Filter[] = [
  ...describedFilters(lessorFieldsDescription, { oib: { text: true } }),
  dayFilter('contractEnd[gte]', 'resources.lessors.contractEndFrom'),
  dayFilter('contractEnd[lte]', 'resources.lessors.contractEndTo'),
];

/** The columns of the lessor list, as the contract describes them (`lessorFieldsDescription`), with the cells their kind cannot draw. */
function useLessorColumns(): Column<Lessor>[] {
  const { t } = useTranslation();
  return useMemo(
    () =>
      describedColumns<Lessor>(lessorFieldsDescription, t, {
        name: { render: (l) => strong(l.name) },
        // The flag under the date: beside it, it made the column as wide as both.
        contractEnd: {
          render: (l) => (
            <>
              {l.contractEnd ? nowrap(formatDate(l.contractEnd)) : dash}
              <ContractBadge state={l.contractState} block />
            </>
          ),
        },
        rentalPercentage: { render: (l) => (l.rentalPercentage === null ? dash : formatPercent(l.rentalPercentage)) },
      }),
    [t],
  );
}

/** `/lessors/list`: the owners of locations, their contracts and the rental terms locations fall back to. */
export function LessorsListPage() {
  const columns = useLessorColumns();
  const mayMakeStatements = useMayMakeStatements();

  return (
    <ResourceList
      api={lessorsApi}
      columns={columns}
      filters={filters}
      moreRowActions={mayMakeStatements ? (lessor) => <StatementRowAction lessor={lessor} /> : undefined}
    />
  );
}
