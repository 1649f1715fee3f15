import { Accordion, Button, Menu, Stack } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
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

/** The header menu on large screens: links and hover/click dropdowns. */
export function HeaderMenu() {
  const { t } = useTranslation();
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
              <Menu trigger="click-hover" openDelay={0} closeDelay={MENU_HOVER_CLOSE_MS} position="bottom-start" shadow="md" withinPortal>
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
            <Menu trigger="click-hover" openDelay={0} closeDelay={MENU_HOVER_CLOSE_MS} position="bottom-end" shadow="md" withinPortal>
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
