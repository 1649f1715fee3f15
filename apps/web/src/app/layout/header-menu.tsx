import { Accordion, Button, Menu, type MenuProps, Stack } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './layout.module.css';
import { groupOf, useMenu } from './menu.ts';

/** Original §9: header dropdowns close 500 ms after the pointer leaves; the mobile accordion slides in 200 ms. */
export const MENU_HOVER_CLOSE_MS = 500;
const ACCORDION_MS = 200;

/**
 * Entries the header shows on their own; the rest share a "More" dropdown, so an admin's full menu
 * still fits the header at 1280 px (the aside always lists everything).
 */
export const HEADER_ENTRIES = 4;

/** Where the pointer was (window coordinates). */
export interface PointerSpot {
  x: number;
  y: number;
}

/** How far (px, across and down together) the pointer must move to count as moved by its user. */
const MOVED_PX = 3;

/**
 * The dropdowns' open state, one at a time. `stillAt`, new each time the layout moves the header under
 * a pointer at rest (the side menu minimized or expanded by its button: the header slides 195 px and
 * its "Loggers" arrived under the pointer and opened), closes any open dropdown; until the pointer
 * moves away from that spot, hovering opens none (a click still does).
 */
function useHeaderDropdowns(stillAt: PointerSpot | null | undefined) {
  const [open, setOpen] = useState<string | null>(null);
  const [hoverOpens, setHoverOpens] = useState(true);
  useEffect(() => {
    if (!stillAt) return;
    setOpen(null);
    setHoverOpens(false);
    const onMove = (event: PointerEvent) => {
      if (Math.abs(event.clientX - stillAt.x) + Math.abs(event.clientY - stillAt.y) < MOVED_PX) return;
      window.removeEventListener('pointermove', onMove);
      setHoverOpens(true);
    };
    window.addEventListener('pointermove', onMove, { passive: true });
    return () => window.removeEventListener('pointermove', onMove);
  }, [stillAt]);
  return (key: string): Pick<MenuProps, 'opened' | 'onChange' | 'trigger'> => ({
    opened: open === key,
    onChange: (opened) => setOpen((current) => (opened ? key : current === key ? null : current)),
    trigger: hoverOpens ? 'click-hover' : 'click',
  });
}

/**
 * The header menu on large screens: links and hover/click dropdowns. `stillAt`: where the pointer
 * rested when the layout last moved under it (`useHeaderDropdowns`).
 */
export function HeaderMenu({ stillAt }: { stillAt?: PointerSpot | null }) {
  const { t } = useTranslation();
  const dropdown = useHeaderDropdowns(stillAt);
  const all = useMenu();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const activeGroup = groupOf(all, pathname);
  const entries = all.length > HEADER_ENTRIES + 1 ? all.slice(0, HEADER_ENTRIES) : all;
  const more = all.slice(entries.length);
  const moreActive = more.some((e) => e.key === activeGroup || e.to === pathname);
  return (
    <nav aria-label={t('menu.headerNavigation')}>
      <ul className={classes.headerMenu}>
        {entries.map((entry) => (
          <li key={entry.key}>
            {entry.children ? (
              <Menu
                {...dropdown(entry.key)}
                openDelay={0}
                closeDelay={MENU_HOVER_CLOSE_MS}
                position="bottom-start"
                shadow="md"
                withinPortal
              >
                <Menu.Target>
                  <Button
                    variant={activeGroup === entry.key ? 'light' : 'subtle'}
                    color={activeGroup === entry.key ? 'indigo' : 'dark'}
                    rightSection={<IconChevronDown size={14} aria-hidden />}
                  >
                    {t(entry.labelKey)}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown mah="80vh" style={{ overflowY: 'auto' }}>
                  {entry.children.map((child) => (
                    <Menu.Item key={child.to} component={Link} to={child.to}>
                      {t(child.labelKey)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            ) : (
              entry.to && (
                <Button
                  component={Link}
                  to={entry.to}
                  variant={pathname === entry.to ? 'light' : 'subtle'}
                  color={pathname === entry.to ? 'indigo' : 'dark'}
                >
                  {t(entry.labelKey)}
                </Button>
              )
            )}
          </li>
        ))}
        {more.length > 0 && (
          <li>
            <Menu {...dropdown('more')} openDelay={0} closeDelay={MENU_HOVER_CLOSE_MS} position="bottom-end" shadow="md" withinPortal>
              <Menu.Target>
                <Button
                  variant={moreActive ? 'light' : 'subtle'}
                  color={moreActive ? 'indigo' : 'dark'}
                  rightSection={<IconChevronDown size={14} aria-hidden />}
                >
                  {t('menu.more')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown mah="80vh" style={{ overflowY: 'auto' }}>
                {more.map((entry) =>
                  entry.children ? (
                    <div key={entry.key}>
                      <Menu.Label>{t(entry.labelKey)}</Menu.Label>
                      {entry.children.map((child) => (
                        <Menu.Item key={child.to} component={Link} to={child.to}>
                          {t(child.labelKey)}
                        </Menu.Item>
                      ))}
                    </div>
                  ) : (
                    entry.to && (
                      <Menu.Item key={entry.key} component={Link} to={entry.to}>
                        {t(entry.labelKey)}
                      </Menu.Item>
                    )
                  ),
                )}
              </Menu.Dropdown>
            </Menu>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** The header menu inside the mobile offcanvas: the same entries as an accordion. */
export function HeaderMenuOffcanvas() {
  const { t } = useTranslation();
  const entries = useMenu();
  const reduceMotion = useReducedMotion();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const groups = entries.filter((e) => e.children);
  return (
    <nav aria-label={t('menu.headerNavigation')}>
      <Stack gap={4}>
        {entries
          .filter((e) => !e.children && e.to)
          .map((entry) => (
            <Button
              key={entry.key}
              component={Link}
              to={entry.to}
              variant={pathname === entry.to ? 'light' : 'subtle'}
              color={pathname === entry.to ? 'indigo' : 'dark'}
              justify="flex-start"
              leftSection={<entry.icon size={18} aria-hidden />}
            >
              {t(entry.labelKey)}
            </Button>
          ))}
        <Accordion defaultValue={groupOf(entries, pathname)} transitionDuration={reduceMotion ? 0 : ACCORDION_MS} variant="default">
          {groups.map((entry) => (
            <Accordion.Item key={entry.key} value={entry.key}>
              <Accordion.Control icon={<entry.icon size={18} aria-hidden />}>{t(entry.labelKey)}</Accordion.Control>
              <Accordion.Panel>
                <Stack gap={2}>
                  {entry.children?.map((child) => (
                    <Button
                      key={child.to}
                      component={Link}
                      to={child.to}
                      variant={pathname === child.to ? 'light' : 'subtle'}
                      color={pathname === child.to ? 'indigo' : 'dark'}
                      justify="flex-start"
                    >
                      {t(child.labelKey)}
                    </Button>
                  ))}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Stack>
    </nav>
  );
}
