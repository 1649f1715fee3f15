import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../lib/access.ts';
import { screenPaths } from '../lib/resource-routes.tsx';
import { ConfirmDelete } from './confirm-delete.tsx';
import { DataTable, type DataTableProps, type Row } from './data-table/index.ts';
import { EditRowLink, NewButton, OpenRowLink } from './list-actions.tsx';
import { PageHeader } from './page-header.tsx';
import { type AnyApi, can, titleOf } from './resource-kit.ts';

// The list every resource with screens shares (decision 0011): the title, the table with its standard
// row actions and "New". A module of its own, apart from the form pages (`resource-pages.tsx`), so a
// list does not load the form kit and a form not the data table.

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
