import { type Article, articleFieldsDescription, formatCount, formatMoney, formatPercent } from '@kovanica/contract';
import { ActionIcon, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dash } from '../../components/data-table/cells.tsx';
import { type Column, type ColumnOverride, describedColumns, describedFilters, type Filter } from '../../components/data-table/index.ts';
import { ResourceList } from '../../components/resource-list.tsx';
import { RowTooltip } from '../../components/row-tooltip.tsx';
import { useAccess } from '../../lib/access.ts';
import { articlesApi } from '../../lib/apis/articles.ts';
import { MovementModal } from './movement-modal.ts';

const k = (key: string) => `resources.articles.${key}`;

type MoneyField =
  | 'purchaseNetCents'
  | 'purchaseGrossCents'
  | 'sellingNetCents'
  | 'sellingGrossCents'
  | 'averagePurchasePriceCents'
  | 'stockValueCents';
/** Prices and values, under short headers ("Purchase, net"), so the names keep their room. */
const money = (field: MoneyField): ColumnOverride<Article> => ({
  label: k(`columns.${field}`),
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
});

/** The columns of the article list, as the contract describes them (`articleFieldsDescription`), with the cells their kind cannot draw. */
function useColumns(): Column<Article>[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const unit = (a: Article) => t(k(`units.${a.unit}`));
    return describedColumns<Article>(articleFieldsDescription, t, {
      name: { render: (a) => <Text fw={600}>{a.name}</Text> },
      vatRate: { render: (a) => formatPercent(a.vatRate) },
      purchaseNetCents: money('purchaseNetCents'),
      purchaseGrossCents: money('purchaseGrossCents'),
      sellingNetCents: money('sellingNetCents'),
      sellingGrossCents: money('sellingGrossCents'),
      averagePurchasePriceCents: money('averagePurchasePriceCents'),
      quantityInStock: {
        render: (a) => (
          <Text span inherit style={{ whiteSpace: 'nowrap' }}>
            {`${formatCount(a.quantityInStock)} ${unit(a)}`}
          </Text>
        ),
      },
      stockValueCents: money('stockValueCents'),
    });
  }, [t]);
}

/** The filters of the article list, in its order: the name, the supplier, the unit. */
const filterOrder = ['name', 'supplier', 'unit'];
const filters: readonly Filter[] = describedFilters(articleFieldsDescription).sort(
  (a, b) => filterOrder.indexOf(a.field) - filterOrder.indexOf(b.field),
);

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
