import { ActionIcon, Button } from '@mantine/core';
import { IconEye, IconPencil, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ComponentPropsWithoutRef, MouseEvent, ReactNode } from 'react';
import type { FileRouteTypes } from '../routeTree.gen.ts';
import { RowTooltip } from './row-tooltip.tsx';

type Path = FileRouteTypes['to'];
/** The route of an item's page, e.g. `/bills/$id`, `/cities/edit/$id`. */
export type ItemPath = Extract<Path, `${string}/$id`>;
/** The route of an item's edit page, e.g. `/cities/edit/$id`. */
export type EditPath = Extract<ItemPath, `${string}/edit/$id`>;
/** The route of a new item's page, e.g. `/cities/new`. */
export type NewPath = Extract<Path, `${string}/new`>;

/**
 * A link to an item's page for a table row: the path with the id put in, opened by the router. The
 * router's `Link` (which also follows the router's state to mark itself active) cost more than the
 * rest of a row's actions: on `/loyalty/cards/list`, with the CPU slowed 4×, 476 ms of blocking time
 * with `Link` against 360 ms with a plain link (three loads each; decision 0016). A click with a
 * modifier key or another button is left to the browser (a new tab, a new window).
 */
export function RowLink({ to, id, onClick, ...props }: { to: ItemPath; id: number } & Omit<ComponentPropsWithoutRef<'a'>, 'id' | 'href'>) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate({ to, params: { id: String(id) } });
  };
  return <a {...props} href={to.replace('$id', encodeURIComponent(String(id)))} onClick={follow} />;
}

/** A row's link as an icon button with its tooltip: the edit and open actions below. */
function RowLinkButton({ to, id, label, icon }: { to: EditPath; id: number; label: string; icon: ReactNode }) {
  return (
    <RowTooltip label={label}>
      <ActionIcon renderRoot={(props) => <RowLink to={to} id={id} {...props} />} variant="subtle" aria-label={label}>
        {icon}
      </ActionIcon>
    </RowTooltip>
  );
}

/**
 * A table row's edit action: a pencil named `label` ("Edit Zagreb") that opens the item's edit page.
 * Beside it a row usually has a `ConfirmDelete`.
 */
export function EditRowLink(props: { to: EditPath; id: number; label: string }) {
  return <RowLinkButton {...props} icon={<IconPencil size={18} aria-hidden />} />;
}

/**
 * A table row's open action for who may read the item but not change it: an eye named `label`
 * ("Open Zagreb") to the same edit page, which shows the form read-only.
 */
export function OpenRowLink(props: { to: EditPath; id: number; label: string }) {
  return <RowLinkButton {...props} icon={<IconEye size={18} aria-hidden />} />;
}

/** A list's "New" button, first in its table's toolbar. */
export function NewButton({ to, children }: { to: NewPath; children: ReactNode }) {
  return (
    <Button component={Link} to={to} leftSection={<IconPlus size={16} aria-hidden />}>
      {children}
    </Button>
  );
}
