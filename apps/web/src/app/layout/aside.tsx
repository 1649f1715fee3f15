import { ActionIcon } from '@mantine/core';
import { IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type FocusEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo.tsx';
import { AsideMenu } from './aside-menu.tsx';
import type { PointerSpot } from './header-menu.tsx';
import classes from './layout.module.css';

/** Original §9: a minimized aside opens 50 ms after the pointer arrives and closes 100 ms after it leaves. */
export const ASIDE_HOVER_OPEN_MS = 50;
export const ASIDE_HOVER_CLOSE_MS = 100;

/** The side menu on large screens (rendered only there); it can be minimized to icons and expands on hover. */
export function Aside({ minimized, onToggle }: { minimized: boolean; onToggle: (pointer: PointerSpot) => void }) {
  const { t } = useTranslation();
  const [hovered, setHovered] = useState(false);
  const [keyboardInside, setKeyboardInside] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  // Right after the toggle the pointer is still over the aside: it should not expand it back at once.
  const ignoreHover = useRef(false);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const schedule = (value: boolean, ms: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setHovered(value), ms);
  };

  const expanded = !minimized || hovered || keyboardInside;
  return (
    <aside
      className={classes.aside}
      data-minimized={minimized || undefined}
      data-expanded={expanded || undefined}
      onMouseEnter={() => {
        if (minimized && !ignoreHover.current) schedule(true, ASIDE_HOVER_OPEN_MS);
      }}
      onMouseLeave={() => {
        ignoreHover.current = false;
        schedule(false, ASIDE_HOVER_CLOSE_MS);
      }}
      onFocus={(e: FocusEvent<HTMLElement>) => {
        // Keyboard users get the full menu while they are in it; a mouse click on the toggle does not.
        if (minimized && e.target.matches(':focus-visible')) setKeyboardInside(true);
      }}
      onBlur={(e: FocusEvent<HTMLElement>) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setKeyboardInside(false);
      }}
    >
      <div className={classes.asideBrand}>
        {expanded && (
          <Link to="/dashboard" aria-label={t('app.home')} className={classes.brandLink}>
            <Logo inverted size={30} />
          </Link>
        )}
        <ActionIcon
          variant="subtle"
          color="gray.3"
          size="lg"
          className={classes.asideToggle}
          aria-label={t(minimized ? 'layout.expandMenu' : 'layout.minimizeMenu')}
          aria-pressed={minimized}
          onClick={(event) => {
            ignoreHover.current = true;
            window.clearTimeout(timer.current);
            setHovered(false);
            setKeyboardInside(false);
            // Where the pointer rests while the header slides under it.
            onToggle({ x: event.clientX, y: event.clientY });
          }}
        >
          {minimized ? <IconChevronsRight size={20} aria-hidden /> : <IconChevronsLeft size={20} aria-hidden />}
        </ActionIcon>
      </div>
      <div className={classes.asideBody}>
        <AsideMenu collapsed={!expanded} label={t('menu.mainNavigation')} />
      </div>
    </aside>
  );
}
