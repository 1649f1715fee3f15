import { Collapse } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconChevronRight } from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './aside-menu.module.css';
import { groupOf, type MenuEntry, useMenu } from './menu.ts';

/** Original §9: the accordion slides in 200 ms. */
const ACCORDION_MS = 200;

/**
 * The side menu as an accordion: one group open at a time, the current screen's group opened.
 * `collapsed` shows icons only; labels stay readable by screen readers.
 */
export function AsideMenu({ collapsed = false, label }: { collapsed?: boolean; label: string }) {
  const entries = useMenu();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [openKey, setOpenKey] = useState<string | null>(() => groupOf(entries, pathname));

  // The group of the screen opens when the screen changes. Keyed by the group, not the entries: they are a
  // new array each render, and a render must not close a group the user has just opened.
  const current = groupOf(entries, pathname);
  useEffect(() => {
    if (current) setOpenKey(current);
  }, [current]);

  return (
    <nav aria-label={label} className={classes.nav} data-collapsed={collapsed || undefined}>
      <ul className={classes.menu}>
        {entries.map((entry) =>
          entry.children ? (
            <MenuGroup
              key={entry.key}
              entry={entry}
              open={openKey === entry.key}
              collapsed={collapsed}
              onToggle={() => setOpenKey((k) => (k === entry.key ? null : entry.key))}
            />
          ) : (
            entry.to && (
              <li key={entry.key}>
                <Link to={entry.to} className={classes.link}>
                  <entry.icon size={20} aria-hidden className={classes.icon} />
                  <MenuLabel labelKey={entry.labelKey} />
                </Link>
              </li>
            )
          ),
        )}
      </ul>
    </nav>
  );
}

function MenuLabel({ labelKey }: { labelKey: string }) {
  const { t } = useTranslation();
  return <span className={classes.label}>{t(labelKey)}</span>;
}

function MenuGroup({ entry, open, collapsed, onToggle }: { entry: MenuEntry; open: boolean; collapsed: boolean; onToggle: () => void }) {
  const id = useId();
  const reduceMotion = useReducedMotion();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const active = entry.children?.some((c) => pathname.startsWith(c.to)) ?? false;
  return (
    <li>
      <button
        type="button"
        className={classes.link}
        aria-expanded={open}
        aria-controls={id}
        data-active-group={active || undefined}
        onClick={onToggle}
      >
        <entry.icon size={20} aria-hidden className={classes.icon} />
        <MenuLabel labelKey={entry.labelKey} />
        <IconChevronRight size={16} aria-hidden className={classes.arrow} data-open={open || undefined} />
      </button>
      <Collapse expanded={open && !collapsed} transitionDuration={reduceMotion ? 0 : ACCORDION_MS} keepMountedMode="display-none">
        <ul id={id} className={classes.submenu}>
          {entry.children?.map((child) => (
            <li key={child.to}>
              <Link to={child.to} className={classes.sublink}>
                <span className={classes.bullet} aria-hidden />
                <MenuLabel labelKey={child.labelKey} />
              </Link>
            </li>
          ))}
        </ul>
      </Collapse>
    </li>
  );
}
