import type { Module, Permission } from '@kovanica/contract';
import { type Icon, IconLayoutDashboard, IconSettings, IconUserCircle } from '@tabler/icons-react';
import { useAccess } from '../../lib/access.ts';
import type { FileRouteTypes } from '../../routeTree.gen.ts';

type Path = FileRouteTypes['to'];

interface MenuLink {
  to: Path;
  labelKey: string;
  permission?: Permission;
  module?: Module;
}

export interface MenuEntry extends Partial<MenuLink> {
  key: string;
  labelKey: string;
  icon: Icon;
  /** A group opens like an accordion; an entry without children is a link. */
  children?: MenuLink[];
}

/**
 * The screens that work so far. An entry is shown only when the role has its permission and the
 * company has its module (domain §3); the server enforces the same rules.
 */
export const menu: MenuEntry[] = [
  { key: 'dashboard', labelKey: 'menu.dashboard', icon: IconLayoutDashboard, to: '/dashboard', permission: 'dashboard.read' },
  {
    key: 'settings',
    labelKey: 'menu.settings',
    icon: IconSettings,
    permission: 'settings.update',
    children: [{ to: '/settings/main', labelKey: 'menu.settingsMain', permission: 'settings.update' }],
  },
  {
    key: 'profile',
    labelKey: 'menu.profile',
    icon: IconUserCircle,
    children: [{ to: '/profile/overview', labelKey: 'menu.profileOverview' }],
  },
];

/** The menu as the signed-in role may use it. */
export function useMenu(): MenuEntry[] {
  const access = useAccess();
  const allowed = (e: Partial<MenuLink>) => (!e.permission || access.can(e.permission)) && (!e.module || access.hasModule(e.module));
  return menu
    .filter(allowed)
    .map((entry) => (entry.children ? { ...entry, children: entry.children.filter(allowed) } : entry))
    .filter((entry) => !entry.children || entry.children.length > 0);
}

/** The group whose screen is open, so the accordion shows where the user is. */
export function groupOf(entries: MenuEntry[], pathname: string): string | null {
  return entries.find((e) => e.children?.some((c) => pathname === c.to || pathname.startsWith(`${c.to}/`)))?.key ?? null;
}
