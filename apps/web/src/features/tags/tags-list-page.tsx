import { type Tag, tagFieldsDescription } from '@kovanica/contract';
import { ColorSwatch, Group, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { strong } from '../../components/data-table/cells.tsx';
import { describedColumns, describedFilters } from '../../components/data-table/index.ts';
import { ResourceList } from '../../components/resource-list.tsx';
import { tagsApi } from '../../lib/apis/tags.ts';

const filters = describedFilters(tagFieldsDescription);

/** `/tags/list`: coloured labels that group locations and devices. */
export function TagsListPage() {
  const { t } = useTranslation();
  // The columns as the contract describes them (`tagFieldsDescription`), the name beside its colour.
  const columns = useMemo(
    () =>
      describedColumns<Tag>(tagFieldsDescription, t, {
        name: {
          render: (tag) => (
            <Group gap="sm" wrap="nowrap">
              <ColorSwatch color={tag.colour} size={18} aria-hidden />
              {strong(tag.name)}
            </Group>
          ),
        },
        colour: { render: (tag) => <Text ff="monospace">{tag.colour}</Text> },
      }),
    [t],
  );
  return <ResourceList api={tagsApi} columns={columns} filters={filters} />;
}
