import type { Tag } from '@kovanica/contract';
import { ColorSwatch, Group, Text } from '@mantine/core';
import type { Column, Filter } from '../../components/data-table/index.ts';
import { ResourceList } from '../../components/resource-pages.tsx';
import { tagsApi } from '../../lib/resources.ts';

const f = (field: string) => `resources.tags.fields.${field}`;

const columns: readonly Column<Tag>[] = [
  {
    key: 'name',
    label: f('name'),
    sortField: 'name',
    render: (tag) => (
      <Group gap="sm" wrap="nowrap">
        <ColorSwatch color={tag.colour} size={18} aria-hidden />
        <Text fw={600}>{tag.name}</Text>
      </Group>
    ),
    exportValue: (tag) => tag.name,
  },
  {
    key: 'colour',
    label: f('colour'),
    defaultHidden: true,
    render: (tag) => <Text ff="monospace">{tag.colour}</Text>,
    exportValue: (tag) => tag.colour,
  },
  {
    key: 'devicesCount',
    label: f('devicesCount'),
    align: 'right',
    render: (tag) => tag.devicesCount,
    exportValue: (tag) => tag.devicesCount,
  },
  {
    key: 'locationsCount',
    label: f('locationsCount'),
    align: 'right',
    render: (tag) => tag.locationsCount,
    exportValue: (tag) => tag.locationsCount,
  },
];

const filters: readonly Filter[] = [{ field: 'name', label: f('name'), kind: 'text' }];

/** `/tags/list`: coloured labels that group locations and devices. */
export const TagsListPage = () => <ResourceList api={tagsApi} columns={columns} filters={filters} />;
