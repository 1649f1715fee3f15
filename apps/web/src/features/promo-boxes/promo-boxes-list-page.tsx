import { formatDate, type PromoBox, promoAudiences } from '@kovanica/contract';
import { Box, Group } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dash, strong } from '../../components/data-table/cells.tsx';
import type { Column, Filter } from '../../components/data-table/index.ts';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { ResourceList } from '../../components/resource-list.tsx';
import { loyaltyOwnersApi } from '../../lib/apis/loyalty-owners.ts';
import { promoBoxesApi } from '../../lib/apis/promo-boxes.ts';

const f = (field: string) => `resources.promo-boxes.fields.${field}`;
const filters: readonly Filter[] = [
  { field: 'title', label: f('title'), kind: 'text' },
  {
    field: 'owner',
    label: f('owner'),
    kind: 'custom',
    render: ({ label, value, onChange }) => <ReferenceSelect api={loyaltyOwnersApi} label={label} value={value} onChange={onChange} />,
  },
  {
    field: 'audience',
    label: f('audience'),
    kind: 'select',
    options: promoAudiences.map((a) => ({ value: a, label: `resources.promo-boxes.audiences.${a}` })),
  },
];

/** The title in the box's own colours, as a small sample. */
const Sample = ({ box }: { box: PromoBox }) => (
  <Group gap="xs" wrap="nowrap">
    <Box
      aria-hidden
      w={28}
      h={20}
      style={{
        background: box.backgroundColor,
        color: box.textColor,
        borderRadius: 4,
        border: '1px solid var(--mantine-color-gray-4)',
        fontSize: 11,
        fontWeight: 700,
        textAlign: 'center',
        lineHeight: '18px',
        flex: 'none',
      }}
    >
      Aa
    </Box>
    {strong(box.title)}
  </Group>
);

function useColumns(): Column<PromoBox>[] {
  const { t } = useTranslation();
  return useMemo(
    () => [
      { key: 'title', label: f('title'), sortField: 'title', render: (b) => <Sample box={b} />, exportValue: (b) => b.title },
      { key: 'owner', label: f('owner'), render: (b) => b.ownerName, exportValue: (b) => b.ownerName },
      {
        key: 'audience',
        label: f('audience'),
        render: (b) => t(`resources.promo-boxes.audiences.${b.audience}`),
        exportValue: (b) => t(`resources.promo-boxes.audiences.${b.audience}`),
      },
      {
        key: 'activeFrom',
        label: f('activeFrom'),
        sortField: 'activeFrom',
        render: (b) => formatDate(b.activeFrom),
        exportValue: (b) => formatDate(b.activeFrom),
      },
      {
        key: 'activeTo',
        label: f('activeTo'),
        sortField: 'activeTo',
        render: (b) => (b.activeTo ? formatDate(b.activeTo) : dash),
        exportValue: (b) => (b.activeTo ? formatDate(b.activeTo) : null),
      },
      {
        key: 'buttonLabel',
        label: f('buttonLabel'),
        defaultHidden: true,
        render: (b) => b.buttonLabel ?? dash,
        exportValue: (b) => b.buttonLabel,
      },
    ],
    [t],
  );
}

/** `/loyalty/users/promo-boxes/list`: what the card holders' app shows, to whom and when. */
export function PromoBoxesListPage() {
  const columns = useColumns();
  return <ResourceList api={promoBoxesApi} columns={columns} filters={filters} />;
}
