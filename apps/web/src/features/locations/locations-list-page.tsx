import { type Location, locationFieldsDescription } from '@kovanica/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CellBadge, dash, nowrap, strong } from '../../components/data-table/cells.tsx';
import { type Column, describedColumns, describedFilters } from '../../components/data-table/index.ts';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { ResourceList } from '../../components/resource-list.tsx';
import { TagBadges, tagNames } from '../../components/tag-badge.tsx';
import { citiesApi } from '../../lib/apis/cities.ts';
import { lessorsApi } from '../../lib/apis/lessors.ts';
import { locationsApi } from '../../lib/apis/locations.ts';
import { tagsApi } from '../../lib/apis/tags.ts';

/**
 * The columns of the location list, as the contract describes them (`locationFieldsDescription`), with
 * the cells their kind cannot draw: the active badge, the rental type that applies, the tags.
 */
function useLocationColumns(): Column<Location>[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const yesNo = (v: boolean) => t(v ? 'resources.locations.yes' : 'resources.locations.no');
    const rentalType = (l: Location) => {
      const applied = l.rentalTerms.rentalType;
      return applied.value ? t(`resources.lessors.rentalTypes.${applied.value}`) : null;
    };
    const fromLessor = (l: Location) => l.rentalTerms.rentalType.from === 'lessor';
    return describedColumns<Location>(locationFieldsDescription, t, {
      name: { render: (l) => strong(l.name) },
      active: {
        render: (l) => <CellBadge color={l.active ? 'teal.9' : 'gray.7'}>{yesNo(l.active)}</CellBadge>,
        exportValue: (l) => yesNo(l.active),
      },
      // The rental type that applies: the lessor's, marked so, when the location has none of its own.
      rentalType: {
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
      tags: { render: (l) => <TagBadges tags={l.tagLabels} />, exportValue: (l) => tagNames(l.tagLabels) },
    });
  }, [t]);
}

/** The filters of the location list; relations are picked from their own lists (the API takes IRIs). */
const filters = describedFilters(locationFieldsDescription, {
  city: { render: ({ label, value, onChange }) => <ReferenceSelect api={citiesApi} label={label} value={value} onChange={onChange} /> },
  lessor: { render: ({ label, value, onChange }) => <ReferenceSelect api={lessorsApi} label={label} value={value} onChange={onChange} /> },
  tags: { render: ({ label, value, onChange }) => <ReferenceSelect api={tagsApi} label={label} value={value} onChange={onChange} /> },
});

/** `/locations/list`: where the machines stand, with their lessor, rental terms and tags. */
export function LocationsListPage() {
  const columns = useLocationColumns();

  return <ResourceList api={locationsApi} columns={columns} filters={filters} />;
}
