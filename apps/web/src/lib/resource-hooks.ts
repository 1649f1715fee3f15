import type { Permission } from '@kovanica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAccess } from './access.ts';
import { type FieldErrors, type SaveWith, useResourceForm } from './forms.ts';
import type { ResourceApi } from './resource-api.ts';
import { screenPaths } from './resource-routes.tsx';

/**
 * Refreshes what a write to the resource makes stale: itself and whatever shows it (`staleAfterWrite`).
 * That is computed over every resource's description, so it is loaded with the first write rather
 * than with the page (`stale.ts`).
 */
export function useInvalidate(api: Pick<ResourceApi<unknown>, 'name'>) {
  const queryClient = useQueryClient();
  return async () => {
    const { staleKeys } = await import('./stale.ts');
    await Promise.all(staleKeys(api.name).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };
}

/** Creates an item, then refreshes what it makes stale. */
export function useCreate<T, Patch, Create>(api: ResourceApi<T, Patch, Create>) {
  const invalidate = useInvalidate(api);
  return useMutation({ mutationFn: (body: Create) => api.create(body), onSuccess: () => invalidate() });
}

/** Updates one item: the answer becomes its cached detail, then what it makes stale is refreshed. */
export function useUpdate<T, Patch, Create>(api: ResourceApi<T, Patch, Create>, id: number, onSaved?: (saved: T) => void) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidate(api);
  return useMutation({
    mutationFn: (patch: Patch) => api.patch(id, patch),
    onSuccess: (saved: T) => {
      queryClient.setQueryData(api.keys.detail(id), saved);
      onSaved?.(saved);
      return invalidate();
    },
  });
}

type WithoutMutation<S> = S extends unknown ? Omit<S, 'mutation'> : never;

/**
 * `useResourceForm` for a described resource with screens: the create and update mutations, the
 * notices (`resources.<name>.created|saved`) and, once a new item is saved, its edit page.
 */
export function useItemForm<Values extends object, Item extends { id: number }, Create, Patch>(
  api: ResourceApi<Item, Patch, Create>,
  options: {
    item: Item | undefined;
    valuesOf: (item: Item | undefined) => Values;
    newValues?: Partial<Values>;
    create: WithoutMutation<SaveWith<Values, Item, Create>>;
    update: WithoutMutation<SaveWith<Values, Item, Patch>>;
    formErrors?: (errors: FieldErrors) => FieldErrors;
    invalid?: string;
    /** After a create is saved; by default the new item's edit page opens. */
    onCreated?: (saved: Item) => void;
    /** After an update is saved, before the refresh. */
    onSaved?: (saved: Item) => void;
  },
) {
  const { t } = useTranslation();
  const openEditPage = useOpenEditPage(api);
  const { can } = useAccess();
  const created = useCreate(api);
  const updated = useUpdate(api, options.item?.id ?? 0, options.onSaved);
  const form = useResourceForm<Values, Item, Create, Patch>({
    ...options,
    create: { ...options.create, mutation: created } as SaveWith<Values, Item, Create>,
    update: { ...options.update, mutation: updated } as SaveWith<Values, Item, Patch>,
    messages: {
      created: t(`resources.${api.name}.created`),
      saved: t(`resources.${api.name}.saved`),
      invalid: options.invalid,
      // A resource's own wording of a failed create, when it has one.
      createFailed: t(`resources.${api.name}.createFailed`, { defaultValue: '' }) || undefined,
    },
    onCreated: options.onCreated ?? ((saved) => openEditPage(saved.id)),
  });
  // Who may not save sees the form read-only.
  return { ...form, readOnly: !can(`${api.name}.${form.isNew ? 'create' : 'update'}` as Permission) };
}

/** Opens an item's edit page, leaving a form without asking about unsaved changes (it was just saved). */
export function useOpenEditPage(api: { name: string; path?: string }) {
  const navigate = useNavigate();
  return (id: number) => void navigate({ to: screenPaths(api).edit, params: { id: String(id) }, ignoreBlocker: true });
}
