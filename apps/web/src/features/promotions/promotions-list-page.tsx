import { formatDate, formatMoney, formatPercent, type Promotion, promotionKinds } from '@kovanica/contract';
import { Badge } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { strong } from '../../components/data-table/cells.tsx';
import type { Column, Filter } from '../../components/data-table/index.ts';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { ResourceList } from '../../components/resource-list.tsx';
import { loyaltyOwnersApi } from '../../lib/apis/loyalty-owners.ts';
import { promotionsApi } from '../../lib/apis/promotions.ts';

const f = (field: string) => `resources.promotions.fields.${field}`;

const filters: Filter[] = [
  { field: 'name', label: f('name'), kind: 'text' },
  {
    field: 'kind',
    label: f('kind'),
    kind: 'select',
    options: promotionKinds.map((kind) => ({ value: kind, label: `resources.promotions.kinds.${kind}` })),
  },
  {
    field: 'owner',
    label: f('owner'),
    kind: 'custom',
    render: ({ label, value, onChange }) => <ReferenceSelect api={loyaltyOwnersApi} label={label} value={value} onChange={onChange} />,
  },
  { field: 'active', label: f('active'), kind: 'boolean' },
];

/** What a promotion gives, in a line: "+10 % from 20,00 €; +20 % from 50,00 €", or "0,50 € Sat, Sun 18:00–20:00". */
export function promotionTerms(t: TFunction, p: Promotion): string {
  if (p.kind === 'bonus') {
    return p.tiers
      .map((tier) => t('resources.promotions.tierTerms', { bonus: formatPercent(tier.bonusBp / 100), from: formatMoney(tier.fromCents) }))
      .join('; ');
  }
  const days = p.weekdays.map((day) => t(`resources.promotions.weekdaysShort.${day}`)).join(', ');
  return t('resources.promotions.happyTerms', {
    price: p.priceCents === null ? '' : formatMoney(p.priceCents),
    days,
    from: p.hoursFrom ?? '',
    to: p.hoursTo ?? '',
    devices: p.devices.length,
  });
}

/** `/loyalty/promotions/all`: every promotion of the programmes, bonus and happy hour. */
export function PromotionsListPage() {
  const { t } = useTranslation();
  const columns = useMemo<Column<Promotion>[]>(() => {
    const yesNo = (value: boolean) => t(value ? 'dataTable.yes' : 'dataTable.no');
    return [
      { key: 'name', label: f('name'), sortField: 'name', render: (p) => strong(p.name), exportValue: (p) => p.name },
      { key: 'owner', label: f('owner'), render: (p) => p.ownerName, exportValue: (p) => p.ownerName },
      {
        key: 'kind',
        label: f('kind'),
        sortField: 'kind',
        render: (p) => t(`resources.promotions.kinds.${p.kind}`),
        exportValue: (p) => t(`resources.promotions.kinds.${p.kind}`),
      },
      { key: 'terms', label: 'resources.promotions.terms', render: (p) => promotionTerms(t, p), exportValue: (p) => promotionTerms(t, p) },
      {
        key: 'validFrom',
        label: f('validFrom'),
        sortField: 'validFrom',
        render: (p) => formatDate(p.validFrom),
        exportValue: (p) => formatDate(p.validFrom),
      },
      {
        key: 'validTo',
        label: f('validTo'),
        sortField: 'validTo',
        render: (p) => (p.validTo ? formatDate(p.validTo) : t('resources.promotions.openEnded')),
        exportValue: (p) => (p.validTo ? formatDate(p.validTo) : null),
      },
      {
        key: 'active',
        label: f('active'),
        render: (p) => (
          <Badge variant="filled" color={p.active ? 'teal.9' : 'gray.7'} tt="none">
            {yesNo(p.active)}
          </Badge>
        ),
        exportValue: (p) => yesNo(p.active),
      },
    ];
  }, [t]);
  return <ResourceList api={promotionsApi} columns={columns} filters={filters} readable />;
}
