import { ActionIcon, Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceApi } from '../lib/resource-api.ts';
import { useInvalidate } from '../lib/resource-hooks.ts';
import { FailureAlert, failureText } from './failure-alert.tsx';
import { RowTooltip } from './row-tooltip.tsx';

export interface ConfirmDeleteProps {
  /** The resource (`resourceApi(...)`): `remove` deletes; afterwards what it makes stale is refreshed (`useInvalidate`). */
  api: Pick<ResourceApi<unknown>, 'name' | 'keys' | 'remove'>;
  id: number;
  /** The item as people know it, for the question and the notice: "Delete Ana Horvat?". */
  name: string;
  /**
   * The notice after a delete. By default the resource's own (`resources.<name>.deleted`: "The city has
   * been deleted."), else the general one ("Deleted: {name}.").
   */
  successMessage?: string;
  /**
   * Leads the text of a refused delete; the API's text follows. By default the resource's own wording
   * (`resources.<name>.deleteFailed`) when it has one.
   */
  failureMessage?: string;
  /** After a delete, e.g. leave the deleted item's edit page. */
  onDeleted?: () => void;
  /** `icon`: a trash icon for a table row (named "Delete {name}"); `button`: a labelled button for a form. */
  variant?: 'icon' | 'button';
  disabled?: boolean;
}

/**
 * A delete button that asks first. A refusal stays inside the dialog: a 409 names what still depends
 * on the item ("This item is still in use: locations: 3."), so the user learns what to move first.
 */
export function ConfirmDelete({ variant = 'icon', disabled, ...dialog }: ConfirmDeleteProps) {
  const { t } = useTranslation();
  const [opened, { open: show, close }] = useDisclosure(false);
  // A list has a bin on every row: each one's dialog (a portal, a transition, focus handling, the
  // delete's mutation) is mounted only once it is first asked for, then kept so that it can play its
  // closing transition.
  const [asked, setAsked] = useState(false);
  const open = () => {
    setAsked(true);
    show();
  };
  const label = t('confirmDelete.button', { name: dialog.name });
  return (
    <>
      {variant === 'icon' ? (
        <RowTooltip label={label}>
          <ActionIcon variant="subtle" color="red.9" aria-label={label} onClick={open} disabled={disabled}>
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </RowTooltip>
      ) : (
        <Button variant="outline" color="red.9" leftSection={<IconTrash size={16} aria-hidden />} onClick={open} disabled={disabled}>
          {t('confirmDelete.delete')}
        </Button>
      )}
      {asked && <DeleteDialog {...dialog} opened={opened} onClose={close} />}
    </>
  );
}

function DeleteDialog({
  api,
  id,
  name,
  successMessage,
  failureMessage,
  onDeleted,
  opened,
  onClose,
}: Omit<ConfirmDeleteProps, 'variant' | 'disabled'> & { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const invalidate = useInvalidate(api);
  const remove = useMutation({
    mutationFn: () => api.remove(id),
    onSuccess: async () => {
      // The item is gone: its detail must not be refetched (it would answer 404), only dropped.
      queryClient.removeQueries({ queryKey: api.keys.detail(id) });
      onClose();
      notifications.show({
        color: 'teal',
        message: successMessage ?? t([`resources.${api.name}.deleted`, 'confirmDelete.deleted'], { name }),
      });
      onDeleted?.();
      await invalidate();
    },
  });
  const refused = remove.error ? failureText(remove.error, t('confirmDelete.failed')) : null;
  // Worded when the dialog is open, not for every row of a list.
  const lead = failureMessage ?? (t(`resources.${api.name}.deleteFailed`, { defaultValue: '' }) || undefined);
  const failure = refused && lead ? `${lead} ${refused}` : refused;
  const dismiss = () => {
    onClose();
    remove.reset();
  };
  return (
    <Modal
      opened={opened}
      onClose={dismiss}
      title={t('confirmDelete.title', { name })}
      closeButtonProps={{ 'aria-label': t('confirmDelete.close') }}
      centered
    >
      <Text mb="md">{t('confirmDelete.text')}</Text>
      {failure && <FailureAlert mb="md">{failure}</FailureAlert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={dismiss} data-autofocus>
          {t('confirmDelete.cancel')}
        </Button>
        <Button color="red.9" loading={remove.isPending} onClick={() => remove.mutate()}>
          {t('confirmDelete.delete')}
        </Button>
      </Group>
    </Modal>
  );
}
