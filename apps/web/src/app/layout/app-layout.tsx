import './app-styles.ts';
import { Drawer, Group } from '@mantine/core';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo.tsx';
import { useLiveUpdates } from '../../lib/live.ts';
import { useMinWidth } from '../../lib/screen.ts';
import { Aside } from './aside.tsx';
import { AsideMenu } from './aside-menu.tsx';
import { HeaderMenu, HeaderMenuOffcanvas, type PointerSpot } from './header-menu.tsx';
import classes from './layout.module.css';
import { MobileTopBar } from './mobile-top-bar.tsx';
import { NotificationsBell } from './notifications-bell.tsx';
import { OfflineBanner } from './offline-banner.tsx';
import { HeaderQuickSearch } from './quick-search.tsx';
import { QuickUserPanel } from './quick-user-panel.tsx';
import { ScrollTop } from './scroll-top.tsx';
import { UpdateBanner } from './update-banner.tsx';
import { UserToggle } from './user-toggle.tsx';

type Panel = 'aside' | 'headerMenu' | 'user' | null;

/**
 * The layout every signed-in screen sits in (original §1, §2).
 *
 * The app's first render draws only the layout's empty frame (the bars' backgrounds, the sizes of what
 * comes); the layout follows in a transition, and the screen in another once the layout is in place.
 * React renders a transition in slices of a few milliseconds, and two smaller commits replace one
 * large one. Rendered at once, as the router's store update would have it, layout and screen were one
 * task of 100–150 ms (400–1,000 ms on a phone's CPU) before the page answered a tap (decision 0016).
 */
export function AppLayout() {
  // Only the layout of the screen's size is rendered: on a phone the aside's full menu alone was more
  // than half of the page's elements, built and hidden (decision 0016). From 62em the aside and the
  // header, below it the mobile top bar; read at the first render, so the other is never drawn first.
  const largeScreen = useMinWidth('md');
  const started = useAfterMount();
  // What changes on the server (an alarm raised, a deposit verified) is refetched at once (lib/live.ts).
  useLiveUpdates();
  return started ? <Layout largeScreen={largeScreen} /> : <LayoutFrame largeScreen={largeScreen} />;
}

/** False at the first render, then true, set in a transition (which React renders in slices). */
function useAfterMount() {
  const [after, setAfter] = useState(false);
  useEffect(() => startTransition(() => setAfter(true)), []);
  return after;
}

/** The layout's frame, of the layout's own sizes, with nothing in it. */
function LayoutFrame({ largeScreen }: { largeScreen: boolean }) {
  return (
    <div className={classes.shell}>
      {largeScreen && <aside className={classes.aside} />}
      <div className={classes.wrapper}>
        {largeScreen ? <header className={classes.header} /> : <div className={classes.mobileTopBar} />}
      </div>
    </div>
  );
}

/**
 * A panel (drawer) mounted from its first opening on, not at every page's start, where each closed
 * drawer still mounted a portal and re-rendered in the layout's commit. It opens one render after it
 * mounts, so its opening transition plays the first time too.
 */
function useLazyPanel(wanted: boolean) {
  const [mounted, setMounted] = useState(false);
  const [ready, setReady] = useState(false);
  if (wanted && !mounted) setMounted(true);
  useEffect(() => {
    if (mounted) setReady(true);
  }, [mounted]);
  return { mounted, opened: wanted && ready };
}

function Layout({ largeScreen }: { largeScreen: boolean }) {
  const { t } = useTranslation();
  const [minimized, setMinimized] = useState(false);
  // Where the pointer rested when the side menu's button moved the header under it.
  const [headerMovedUnder, setHeaderMovedUnder] = useState<PointerSpot | null>(null);
  const [panel, setPanel] = useState<Panel>(null);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const close = () => setPanel(null);
  const asidePanel = useLazyPanel(panel === 'aside');
  const headerMenuPanel = useLazyPanel(panel === 'headerMenu');
  const userPanel = useLazyPanel(panel === 'user');
  // The screen after the layout is in place, in a transition and a commit of its own.
  const screenShown = useAfterMount();

  // A new screen closes whatever panel led to it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the path changes
  useEffect(() => setPanel(null), [pathname]);
  // The mobile offcanvas menus have no place on a large screen.
  useEffect(() => {
    if (largeScreen) setPanel((p) => (p === 'user' ? p : null));
  }, [largeScreen]);

  return (
    <div className={classes.shell} data-minimized={minimized || undefined}>
      <a href="#main-content" className={classes.skipLink}>
        {t('app.skipToContent')}
      </a>
      {largeScreen && (
        <Aside
          minimized={minimized}
          onToggle={(pointer) => {
            setMinimized((m) => !m);
            setHeaderMovedUnder(pointer);
          }}
        />
      )}
      <div className={classes.wrapper}>
        {largeScreen ? (
          <header className={classes.header}>
            <HeaderMenu stillAt={headerMovedUnder} />
            <Group gap="sm" wrap="nowrap">
              <HeaderQuickSearch />
              <NotificationsBell />
              <UserToggle onClick={() => setPanel('user')} expanded={panel === 'user'} />
            </Group>
          </header>
        ) : (
          <MobileTopBar
            onOpenAside={() => setPanel('aside')}
            onOpenHeaderMenu={() => setPanel('headerMenu')}
            onOpenUserPanel={() => setPanel('user')}
          />
        )}
        <UpdateBanner />
        <OfflineBanner />
        <main id="main-content" tabIndex={-1} className={classes.content}>
          {screenShown && <Outlet />}
        </main>
        {/* With the screen, so it does not show at the window's foot and then jump below the screen. */}
        {screenShown && (
          <footer className={classes.footer}>
            {new Date().getFullYear()} © {t('app.footer')}
          </footer>
        )}
      </div>
      {asidePanel.mounted && (
        <Drawer
          opened={asidePanel.opened}
          onClose={close}
          position="left"
          size={280}
          title={<Logo inverted size={28} />}
          closeButtonProps={{ 'aria-label': t('layout.closeMenu') }}
          classNames={{
            content: classes.darkDrawer,
            header: classes.darkDrawer,
            close: classes.darkDrawerClose,
            body: classes.darkDrawerBody,
          }}
        >
          <AsideMenu label={t('menu.mainNavigation')} />
        </Drawer>
      )}
      {headerMenuPanel.mounted && (
        <Drawer
          opened={headerMenuPanel.opened}
          onClose={close}
          position="left"
          size={300}
          title={t('menu.headerNavigation')}
          closeButtonProps={{ 'aria-label': t('layout.closeHeaderMenu') }}
        >
          <HeaderMenuOffcanvas />
        </Drawer>
      )}
      {userPanel.mounted && <QuickUserPanel opened={userPanel.opened} onClose={close} />}
      <ScrollTop />
    </div>
  );
}
