import { Button, Group, Stack } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../lib/access.ts';
import type { ResourceForm } from '../lib/forms.ts';
import { screenPaths } from '../lib/resource-routes.tsx';
import { AuditHistorySection } from './audit-history.tsx';
import { ConfirmDelete } from './confirm-delete.tsx';
import { FailureAlert } from './failure-alert.tsx';
import { PageHeader } from './page-header.tsx';
import { Portlet } from './portlet.tsx';
import { type AnyApi, can, titleOf } from './resource-kit.ts';
import { UnsavedChangesGuard } from './unsaved-changes-guard.tsx';

/**
 * The page shells every resource with screens shares (decision 0011): the new and edit pages and the
 * card around a form; the list is `resource-list.tsx`, a module apart so that neither loads the
 * other's kit. A resource writes only its columns, filters and form; `api.path` and `api.title`
 * (from `resourceApi`) say where its screens are and how an item is called.
 */

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
