import { ActionIcon, Affix, Transition } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Original §9: the scroll-to-top control appears once the page is scrolled past 300 px. */
export const SCROLL_TOP_OFFSET = 300;

/**
 * Whether the page is scrolled past the offset, read in the scroll events only: reading the scroll
 * position while the page mounts (as Mantine's `useWindowScroll` does) forces a layout inside the
 * mount's task and made it a long one. A page starts at the top; a restored position
 * arrives as a scroll event.
 */
function useScrolledPast(offset: number) {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > offset);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [offset]);
  return past;
}

export function ScrollTop() {
  const { t } = useTranslation();
  const scrolled = useScrolledPast(SCROLL_TOP_OFFSET);
  const reduceMotion = useReducedMotion();
  // The affix (a portal, mounted in a second render) only from the first scroll past the offset on,
  // not in the commit of every page's start; it stays for the control's exit transition.
  const [needed, setNeeded] = useState(false);
  if (scrolled && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    // The page's end keeps room for it below the large screen's layout (layout.module.css, `.footer`).
    <Affix position={{ bottom: 24, right: 24 }} data-no-print>
      <Transition transition="slide-up" mounted={scrolled} duration={reduceMotion ? 0 : 200}>
        {(styles) => (
          <ActionIcon
            style={styles}
            size="xl"
            radius="xl"
            variant="filled"
            aria-label={t('layout.scrollTop')}
            onClick={() => window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' })}
          >
            <IconArrowUp size={22} aria-hidden />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
