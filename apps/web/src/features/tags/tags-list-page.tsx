import type { Tag } from '@kovanica/contract';
import { ColorSwatch, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import { type Column, DataTable, type Filter } from '../../components/data-table/index.ts';
import { EditRowLink, NewButton } from '../../components/list-actions.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useAccess } from '../../lib/access.ts';
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
export function TagsListPage() {
  const { t } = useTranslation();
  const access = useAccess();
  const title = t('resources.tags.name');

  const rowActions = (tag: Tag) => (
    <>
      {access.can('tags.update') && <EditRowLink to="/tags/edit/$id" id={tag.id} label={t('resources.tags.editRow', { name: tag.name })} />}
      {access.can('tags.delete') && (
        <ConfirmDelete api={tagsApi} id={tag.id} name={tag.name} alsoInvalidate={[['locations'], ['devices']]} />
      )}
    </>
  );

  return (
    <>
      <PageHeader title={title} />
      <DataTable
        api={tagsApi}
        columns={columns}
        filters={filters}
        title={title}
        rowActions={access.can('tags.update') || access.can('tags.delete') ? rowActions : undefined}
        toolbar={access.can('tags.create') && <NewButton to="/tags/new">{t('resources.tags.new')}</NewButton>}
      />
    </>
  );
}
