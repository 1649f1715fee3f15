import type { Permission } from '@kovanica/contract';
import { Button, Group, Stack } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../lib/access.ts';
import type { ResourceForm } from '../lib/forms.ts';
import type { ResourceApi } from '../lib/resource-api.ts';
import { screenPaths } from '../lib/resource-routes.tsx';
import { AuditHistorySection } from './audit-history.tsx';
import { ConfirmDelete } from './confirm-delete.tsx';
import { DataTable, type DataTableProps, type Row } from './data-table/index.ts';
import { FailureAlert } from './failure-alert.tsx';
import { EditRowLink, NewButton, OpenRowLink } from './list-actions.tsx';
import { PageHeader } from './page-header.tsx';
import { Portlet } from './portlet.tsx';
import { UnsavedChangesGuard } from './unsaved-changes-guard.tsx';

/**
 * The page shells every resource with screens shares (decision 0011): the list with its standard row
 * actions, the new and edit pages, and the card around a form. A resource writes only its columns,
 * filters and form; `api.path` and `api.title` (from `resourceApi`) say where its screens are and
 * how an item is called.
 */

// biome-ignore lint/suspicious/noExplicitAny: the shells take any resource's API; each page is typed by its own.
type AnyApi<T> = ResourceApi<T, any, any>;

const titleOf = <T,>(api: AnyApi<T>, item: T) => api.title?.(item) ?? String((item as { id?: number }).id);
const can = (access: ReturnType<typeof useAccess>, api: { name: string }, action: string) =>
  access.can(`${api.name}.${action}` as Permission);

/**
 * A row's edit pencil and delete bin, each shown only to who may use it; with `readable`, who may
 * only read gets an eye to the same page instead of the pencil (its edit route gates on `read`).
 */
function RowActions<T extends { id: number }>({
  api,
  item,
  deletable,
  readable,
}: {
  api: AnyApi<T>;
  item: T;
  deletable?: (item: T) => boolean;
  readable?: boolean;
}) {
  const { t } = useTranslation();
  const access = useAccess();
  const name = titleOf(api, item);
  return (
    <>
      {can(access, api, 'update') ? (
        <EditRowLink to={screenPaths(api).edit} id={item.id} label={t('common.editRow', { name })} />
      ) : (
        readable &&
        can(access, api, 'read') && <OpenRowLink to={screenPaths(api).edit} id={item.id} label={t('common.openRow', { name })} />
      )}
      {can(access, api, 'delete') && (deletable?.(item) ?? true) && <ConfirmDelete api={api} id={item.id} name={name} />}
    </>
  );
}

export type ResourceListProps<T extends Row> = Omit<DataTableProps<T>, 'api' | 'title' | 'rowActions'> & {
  api: AnyApi<T>;
  /** Actions before the standard edit and delete of a row. */
  moreRowActions?: (item: T) => ReactNode;
  /** Which rows may be deleted besides the permission (e.g. not one's own user). */
  deletable?: (item: T) => boolean;
  /** Who may only read opens a row's page too (read-only): the resource's edit route gates on `read`. */
  readable?: boolean;
  /** Instead of `resources.<name>.name`; already translated. */
  title?: string;
  subtitle?: ReactNode;
};

/** `/<path>/list`: the title, the table, edit/delete per row and "New" for who may create. */
export function ResourceList<T extends Row>({
  api,
  moreRowActions,
  deletable,
  readable,
  title: ownTitle,
  subtitle,
  ...table
}: ResourceListProps<T>) {
  const { t } = useTranslation();
  const access = useAccess();
  const title = ownTitle ?? t(`resources.${api.name}.name`);
  const hasRowActions =
    Boolean(moreRowActions) || can(access, api, 'update') || can(access, api, 'delete') || (readable && can(access, api, 'read'));
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <DataTable
        {...(table as unknown as DataTableProps<T>)}
        api={api}
        title={title}
        rowActions={
          hasRowActions
            ? (item: T) => (
                <>
                  {moreRowActions?.(item)}
                  <RowActions api={api} item={item} deletable={deletable} readable={readable} />
                </>
              )
            : undefined
        }
        toolbar={
          <>
            {can(access, api, 'create') && <NewButton to={screenPaths(api).new}>{t(`resources.${api.name}.new`)}</NewButton>}
            {table.toolbar}
          </>
        }
      />
    </>
  );
}

/**
 * The new and edit pages of a resource whose edit page is just its form (`<Form item={…} />`), for
 * `newRoute`/`editRoute`: `export const cityPages = formPages(citiesApi, CityForm)`.
 */
export function formPages<T extends { id: number }>(api: AnyApi<T>, Form: (props: { item?: T }) => ReactNode) {
  return {
    New: () => (
      <NewPage api={api}>
        <Form />
      </NewPage>
    ),
    Edit: ({ id }: { id: number }) => (
      <EditPage api={api} id={id}>
        {(item) => <Form key={item.id} item={item} />}
      </EditPage>
    ),
  };
}

/** `/<path>/new`: the title and the resource's form. */
export function NewPage({ api, children }: { api: { name: string }; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(`resources.${api.name}.new`)} />
      {children}
    </>
  );
}

/** `/<path>/edit/$id`: the item's title, a delete button for who may delete, its form, and its history when it is audited (decision 0028). */
export function EditPage<T extends { id: number }>({
  api,
  id,
  children,
  actions,
  subtitle,
  deletable,
}: {
  api: AnyApi<T>;
  id: number;
  children: (item: T) => ReactNode;
  /** More actions in the header, before delete. */
  actions?: (item: T) => ReactNode;
  /** Under the title, e.g. the state of a lessor's contract. */
  subtitle?: (item: T) => ReactNode;
  /** Whether this item may be deleted besides the permission (e.g. not one's own user). */
  deletable?: (item: T) => boolean;
}) {
  const { t } = useTranslation();
  const { data: item } = useSuspenseQuery(api.detail(id));
  const access = useAccess();
  const navigate = useNavigate();
  const name = titleOf(api, item);
  return (
    <>
      <PageHeader
        title={t(`resources.${api.name}.edit`, { name })}
        subtitle={subtitle?.(item)}
        actions={
          <Group gap="xs">
            {actions?.(item)}
            {can(access, api, 'delete') && (deletable?.(item) ?? true) && (
              <ConfirmDelete
                api={api}
                id={item.id}
                name={name}
                variant="button"
                onDeleted={() => void navigate({ to: screenPaths(api).list, ignoreBlocker: true })}
              />
            )}
          </Group>
        }
      />
      {children(item)}
      <AuditHistorySection resource={api.name} id={item.id} />
    </>
  );
}

/**
 * The card around a resource's form: its title, the unsaved-changes guard, a failure that belongs to
 * no field, then the fields, then "Create"/"Save" and "Back to the list". `readOnly` shows the
 * fields disabled and no save (by default when the user may not save). A long form whose children are their own cards (`sections`) gets the
 * failure and the buttons under them.
 */
export function FormCard<V>({
  api,
  form,
  readOnly = form.readOnly ?? false,
  maw = 480,
  sections = false,
  children,
}: {
  api: { name: string; path?: string };
  form: ResourceForm<V> & { readOnly?: boolean };
  /** By default, when the user may not save (`useItemForm`'s `readOnly`). */
  readOnly?: boolean;
  maw?: number | string;
  sections?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const failure = form.failure && <FailureAlert>{form.failure}</FailureAlert>;
  const fields = (
    <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Stack>{children}</Stack>
    </fieldset>
  );
  const buttons = (
    <Group>
      {!readOnly && (
        <Button type="submit" loading={form.saving}>
          {form.isNew ? t(`resources.${api.name}.create`) : t('common.save')}
        </Button>
      )}
      <Button variant="default" component={Link} to={screenPaths(api).list}>
        {t('common.backToList')}
      </Button>
    </Group>
  );
  return (
    <form onSubmit={form.submit} noValidate>
      <UnsavedChangesGuard dirty={form.unsaved} />
      {sections ? (
        <>
          {fields}
          <Stack mt="md" gap="sm">
            {failure}
            {buttons}
          </Stack>
        </>
      ) : (
        <Portlet title={t(`resources.${api.name}.formTitle`)}>
          <Stack maw={maw}>
            {failure}
            {fields}
            {buttons}
          </Stack>
        </Portlet>
      )}
    </form>
  );
}
