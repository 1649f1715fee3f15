import { type Article, articleUnits, formatCount, formatMoney, formatPercent } from '@kovanica/contract';
import { ActionIcon, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dash } from '../../components/data-table/cells.tsx';
import { type Column, type Filter, fieldColumn } from '../../components/data-table/index.ts';
import { ResourceList } from '../../components/resource-list.tsx';
import { RowTooltip } from '../../components/row-tooltip.tsx';
import { useAccess } from '../../lib/access.ts';
import { articlesApi } from '../../lib/apis/articles.ts';
import { exportMoney } from '../../lib/export/table.ts';
import { MovementModal } from './movement-modal.ts';

const k = (key: string) => `resources.articles.${key}`;
const f = (field: string) => k(`fields.${field}`);

type MoneyField =
  | 'purchaseNetCents'
  | 'purchaseGrossCents'
  | 'sellingNetCents'
  | 'sellingGrossCents'
  | 'averagePurchasePriceCents'
  | 'stockValueCents';
/** Prices and values, under short headers ("Purchase, net"), so the names keep their room. */
const money = (field: MoneyField, options: Partial<Column<Article>> = {}): Column<Article> =>
  fieldColumn('articles', field, {
    label: k(`columns.${field}`),
    align: 'right',
    render: (a) => {
      const cents = a[field];
      return cents === null ? (
        dash
      ) : (
        <Text span inherit style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(cents)}
        </Text>
      );
    },
    exportValue: (a) => exportMoney(a[field]),
    ...options,
  });

function useColumns(): Column<Article>[] {
  const { t } = useTranslation();
  const unit = (a: Article) => t(k(`units.${a.unit}`));
  return [
    fieldColumn('articles', 'name', { sortField: 'name', render: (a) => <Text fw={600}>{a.name}</Text> }),
    // The unit shows beside the quantity in stock.
    fieldColumn('articles', 'unit', { sortField: 'unit', defaultHidden: true, render: unit, exportValue: unit }),
    fieldColumn('articles', 'supplier', { sortField: 'supplier', render: (a) => a.supplier ?? dash }),
    fieldColumn('articles', 'vatRate', { align: 'right', defaultHidden: true, render: (a) => formatPercent(a.vatRate) }),
    money('purchaseNetCents'),
    money('purchaseGrossCents', { defaultHidden: true }),
    money('sellingNetCents', { defaultHidden: true }),
    money('sellingGrossCents'),
    money('averagePurchasePriceCents'),
    fieldColumn('articles', 'quantityInStock', {
      sortField: 'quantityInStock',
      align: 'right',
      render: (a) => (
        <Text span inherit style={{ whiteSpace: 'nowrap' }}>
          {`${formatCount(a.quantityInStock)} ${unit(a)}`}
        </Text>
      ),
    }),
    money('stockValueCents'),
  ];
}

const filters: readonly Filter[] = [
  { field: 'name', label: f('name'), kind: 'text' },
  { field: 'supplier', label: f('supplier'), kind: 'text' },
  { field: 'unit', label: f('unit'), kind: 'select', options: articleUnits.map((unit) => ({ value: unit, label: k(`units.${unit}`) })) },
];

/** `/articles/items/list`: the prizes and goods kept in stock, their prices and what is held. */
export function ArticlesListPage() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const columns = useColumns();
  const [moving, setMoving] = useState<Article | null>(null);
  return (
    <>
      <ResourceList
        api={articlesApi}
        columns={columns}
        filters={filters}
        readable
        moreRowActions={
          can('movements.create')
            ? (article) => (
                <RowTooltip label={t('resources.movements.recordFor', { name: article.name })}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('resources.movements.recordFor', { name: article.name })}
                    onClick={() => setMoving(article)}
                  >
                    <IconArrowsExchange size={18} aria-hidden />
                  </ActionIcon>
                </RowTooltip>
              )
            : undefined
        }
      />
      <MovementModal opened={moving !== null} onClose={() => setMoving(null)} article={moving ?? undefined} />
    </>
  );
}
