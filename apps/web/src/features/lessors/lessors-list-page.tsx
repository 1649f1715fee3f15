import { formatDate, formatMoney, formatPercent, type Lessor, rentalTypes } from '@kovanica/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dash, nowrap, strong } from '../../components/data-table/cells.tsx';
import type { Column, Filter } from '../../components/data-table/index.ts';
import { DayInput } from '../../components/day-input.tsx';
import { ResourceList } from '../../components/resource-list.tsx';
import { lessorsApi } from '../../lib/apis/lessors.ts';
import { exportMoney } from '../../lib/export/table.ts';
import { ContractBadge } from './contract-badge.tsx';
import { StatementRowAction, useMayMakeStatements } from './statement-modal.tsx';

const f = (field: string) => `resources.lessors.fields.${field}`;
const money = (cents: number | null) => (cents === null ? dash : formatMoney(cents));

/** A calendar-day filter: the day travels as it is (`contractEnd[gte]=2026-01-31`), the column is a date. */
const dayFilter = (field: string, label: string): Filter => ({
  field,
  label,
  kind: 'custom',
  render: ({ label: text, value, onChange }) => <DayInput label={text} value={value ?? ''} onChange={(v) => onChange(v || null)} />,
});

function useLessorColumns(): Column<Lessor>[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const columns: Column<Lessor>[] = [
      { key: 'name', label: f('name'), sortField: 'name', render: (l) => strong(l.name), exportValue: (l) => l.name },
      { key: 'oib', label: f('oib'), render: (l) => l.oib, exportValue: (l) => l.oib },
      {
        key: 'contractStart',
        label: f('contractStart'),
        sortField: 'contractStart',
        render: (l) => (l.contractStart ? formatDate(l.contractStart) : dash),
        exportValue: (l) => (l.contractStart ? formatDate(l.contractStart) : null),
      },
      {
        key: 'contractEnd',
        label: f('contractEnd'),
        sortField: 'contractEnd',
        // The flag under the date: beside it, it made the column as wide as both.
        render: (l) => (
          <>
            {l.contractEnd ? nowrap(formatDate(l.contractEnd)) : dash}
            <ContractBadge state={l.contractState} block />
          </>
        ),
        exportValue: (l) => (l.contractEnd ? formatDate(l.contractEnd) : null),
      },
      {
        key: 'contractState',
        label: f('contractState'),
        defaultHidden: true,
        render: (l) => t(`resources.lessors.contractStates.${l.contractState}`),
        exportValue: (l) => t(`resources.lessors.contractStates.${l.contractState}`),
      },
      {
        key: 'rentalType',
        label: f('rentalType'),
        render: (l) => t(`resources.lessors.rentalTypes.${l.rentalType}`),
        exportValue: (l) => t(`resources.lessors.rentalTypes.${l.rentalType}`),
      },
      {
        key: 'rentalPercentage',
        label: f('rentalPercentage'),
        align: 'right',
        render: (l) => (l.rentalPercentage === null ? dash : formatPercent(l.rentalPercentage)),
        exportValue: (l) => l.rentalPercentage,
      },
      {
        key: 'contractRentalAmountCents',
        label: f('contractRentalAmountCents'),
        align: 'right',
        render: (l) => money(l.contractRentalAmountCents),
        exportValue: (l) => exportMoney(l.contractRentalAmountCents),
      },
      {
        key: 'incomeLimitCents',
        label: f('incomeLimitCents'),
        align: 'right',
        render: (l) => money(l.incomeLimitCents),
        exportValue: (l) => exportMoney(l.incomeLimitCents),
      },
      {
        key: 'paymentInsuranceCents',
        label: f('paymentInsuranceCents'),
        align: 'right',
        // A term of the contract, on the lessor's page; the list keeps to what sets the rent (1280 px).
        defaultHidden: true,
        render: (l) => money(l.paymentInsuranceCents),
        exportValue: (l) => exportMoney(l.paymentInsuranceCents),
      },
      {
        key: 'locationsCount',
        label: f('locationsCount'),
        align: 'right',
        render: (l) => l.locationsCount,
        exportValue: (l) => l.locationsCount,
      },
    ];
    return columns;
  }, [t]);
}

/** `/lessors/list`: the owners of locations, their contracts and the rental terms locations fall back to. */
export function LessorsListPage() {
  const columns = useLessorColumns();
  const mayMakeStatements = useMayMakeStatements();

  const filters = useMemo<Filter[]>(
    () => [
      { field: 'name', label: f('name'), kind: 'text' },
      { field: 'oib', label: f('oib'), kind: 'text' },
      {
        field: 'rentalType',
        label: f('rentalType'),
        kind: 'select',
        options: rentalTypes.map((r) => ({ value: r, label: `resources.lessors.rentalTypes.${r}` })),
      },
      dayFilter('contractEnd[gte]', 'resources.lessors.contractEndFrom'),
      dayFilter('contractEnd[lte]', 'resources.lessors.contractEndTo'),
    ],
    [],
  );

  return (
    <ResourceList
      api={lessorsApi}
      columns={columns}
      filters={filters}
      moreRowActions={mayMakeStatements ? (lessor) => <StatementRowAction lessor={lessor} /> : undefined}
    />
  );
}
