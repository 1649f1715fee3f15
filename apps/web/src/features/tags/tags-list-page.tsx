import type { Tag } from '@kovanica/contract';
import { ColorSwatch, Group, Text } from '@mantine/core';
import { strong } from '../../components/data-table/cells.tsx';
import { type Column, type Filter, fieldColumn } from '../../components/data-table/index.ts';
import { ResourceList } from '../../components/resource-list.tsx';
import { tagsApi } from '../../lib/apis/tags.ts';

const f = (field: string) => `resources.tags.fields.${field}`;

const columns: readonly Column<Tag>[] = [
  fieldColumn('tags', 'name', {
    sortField: 'name',
    render: (tag) => (
      <Group gap="sm" wrap="nowrap">
        <ColorSwatch color={tag.colour} size={18} aria-hidden />
        {strong(tag.name)}
      </Group>
    ),
  }),
  fieldColumn('tags', 'colour', { defaultHidden: true, render: (tag) => <Text ff="monospace">{tag.colour}</Text> }),
  fieldColumn('tags', 'devicesCount', { align: 'right' }),
  fieldColumn('tags', 'locationsCount', { align: 'right' }),
];

const filters: readonly Filter[] = [{ field: 'name', label: f('name'), kind: 'text' }];

/** `/tags/list`: coloured labels that group locations and devices. */
export const TagsListPage = () => <ResourceList api={tagsApi} columns={columns} filters={filters} />;
