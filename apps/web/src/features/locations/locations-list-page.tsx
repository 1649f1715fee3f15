import { formatMoney, type Location } from '@kovanica/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CellBadge, dash, nowrap, strong } from '../../components/data-table/cells.tsx';
import type { Column, Filter } from '../../components/data-table/index.ts';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { ResourceList } from '../../components/resource-list.tsx';
import { TagBadges, tagNames } from '../../components/tag-badge.tsx';
import { citiesApi } from '../../lib/apis/cities.ts';
import { lessorsApi } from '../../lib/apis/lessors.ts';
import { locationsApi } from '../../lib/apis/locations.ts';
import { tagsApi } from '../../lib/apis/tags.ts';

const f = (field: string) => `resources.locations.fields.${field}`;
function useLocationColumns(): Column<Location>[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const yesNo = (v: boolean) => t(v ? 'resources.locations.yes' : 'resources.locations.no');
    const rentalType = (l: Location) => {
      const applied = l.rentalTerms.rentalType;
      return applied.value ? t(`resources.lessors.rentalTypes.${applied.value}`) : null;
    };
    const fromLessor = (l: Location) => l.rentalTerms.rentalType.from === 'lessor';
    const columns: Column<Location>[] = [
      { key: 'name', label: f('name'), sortField: 'name', render: (l) => strong(l.name), exportValue: (l) => l.name },
      { key: 'city', label: f('city'), render: (l) => l.cityName, exportValue: (l) => l.cityName },
      { key: 'lessor', label: f('lessor'), render: (l) => l.lessorName ?? dash, exportValue: (l) => l.lessorName },
      {
        key: 'active',
        label: f('active'),
        sortField: 'active',
        render: (l) => <CellBadge color={l.active ? 'teal.9' : 'gray.7'}>{yesNo(l.active)}</CellBadge>,
        exportValue: (l) => yesNo(l.active),
      },
      {
        key: 'responsibleWorker',
        label: f('responsibleWorker'),
        render: (l) => l.responsibleWorkerName ?? dash,
        exportValue: (l) => l.responsibleWorkerName,
      },
      {
        key: 'rentalType',
        label: f('rentalType'),
        render: (l) => {
          const type = rentalType(l);
          if (!type) return dash;
          return nowrap(
            <>
              {type}{' '}
              {fromLessor(l) && (
                <CellBadge variant="outline" color="indigo.8" size="xs">
                  {t('resources.locations.fromLessorShort')}
                </CellBadge>
              )}
            </>,
          );
        },
        exportValue: (l) => {
          const type = rentalType(l);
          return type && fromLessor(l) ? `${type} (${t('resources.locations.fromLessorShort')})` : type;
        },
      },
      {
        key: 'contractRentalAmountCents',
        label: f('contractRentalAmountCents'),
        align: 'right',
        defaultHidden: true,
        render: (l) => {
          const v = l.rentalTerms.contractRentalAmountCents.value;
          return v === null ? dash : formatMoney(v);
        },
        exportValue: (l) => {
          const v = l.rentalTerms.contractRentalAmountCents.value;
          return v === null ? null : v / 100;
        },
      },
      { key: 'devicesCount', label: f('devicesCount'), align: 'right', render: (l) => l.devicesCount, exportValue: (l) => l.devicesCount },
      {
        key: 'tags',
        label: f('tags'),
        render: (l) => <TagBadges tags={l.tagLabels} />,
        exportValue: (l) => tagNames(l.tagLabels),
      },
    ];
    return columns;
  }, [t]);
}

/** Relation filters: a searchable select of the referenced resource, its IRI in the URL. */
const filters: readonly Filter[] = [
  { field: 'name', label: f('name'), kind: 'text' },
  {
    field: 'city',
    label: f('city'),
    kind: 'custom',
    render: ({ label, value, onChange }) => <ReferenceSelect api={citiesApi} label={label} value={value} onChange={onChange} />,
  },
  {
    field: 'lessor',
    label: f('lessor'),
    kind: 'custom',
    render: ({ label, value, onChange }) => <ReferenceSelect api={lessorsApi} label={label} value={value} onChange={onChange} />,
  },
  { field: 'active', label: f('active'), kind: 'boolean' },
  {
    field: 'tags',
    label: f('tags'),
    kind: 'custom',
    render: ({ label, value, onChange }) => <ReferenceSelect api={tagsApi} label={label} value={value} onChange={onChange} />,
  },
];

/** `/locations/list`: where the machines stand, with their lessor, rental terms and tags. */
export function LocationsListPage() {
  const columns = useLocationColumns();

  return <ResourceList api={locationsApi} columns={columns} filters={filters} />;
}
