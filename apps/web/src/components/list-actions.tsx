import { ActionIcon, Button } from '@mantine/core';
import { IconEye, IconPencil, IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { FileRouteTypes } from '../routeTree.gen.ts';
import { RowTooltip } from './row-tooltip.tsx';

type Path = FileRouteTypes['to'];
/** The route of an item's edit page, e.g. `/cities/edit/$id`. */
export type EditPath = Extract<Path, `${string}/edit/$id`>;
/** The route of a new item's page, e.g. `/cities/new`. */
export type NewPath = Extract<Path, `${string}/new`>;

/**
 * A table row's edit action: a pencil named `label` ("Edit Zagreb") that opens the item's edit page.
 * Beside it a row usually has a `ConfirmDelete`.
 */
export function EditRowLink({ to, id, label }: { to: EditPath; id: number; label: string }) {
  return (
    <RowTooltip label={label}>
      <ActionIcon
        // renderRoot keeps the link's route and params type-checked, which `component={Link}` loses.
        renderRoot={(props) => <Link to={to} params={{ id: String(id) }} {...props} />}
        variant="subtle"
        aria-label={label}
      >
        <IconPencil size={18} aria-hidden />
      </ActionIcon>
    </RowTooltip>
  );
}

/**
 * A table row's open action for who may read the item but not change it: an eye named `label`
 * ("Open Zagreb") to the same edit page, which shows the form read-only.
 */
export function OpenRowLink({ to, id, label }: { to: EditPath; id: number; label: string }) {
  return (
    <RowTooltip label={label}>
      <ActionIcon renderRoot={(props) => <Link to={to} params={{ id: String(id) }} {...props} />} variant="subtle" aria-label={label}>
        <IconEye size={18} aria-hidden />
      </ActionIcon>
    </RowTooltip>
  );
}

/** A list's "New" button, first in its table's toolbar. */
export function NewButton({ to, children }: { to: NewPath; children: ReactNode }) {
  return (
    <Button component={Link} to={to} leftSection={<IconPlus size={16} aria-hidden />}>
      {children}
    </Button>
  );
}
