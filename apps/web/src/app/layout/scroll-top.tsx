import { ActionIcon, Affix, Transition } from '@mantine/core';
import { useReducedMotion, useWindowScroll } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Original §9: the scroll-to-top control appears once the page is scrolled past 300 px. */
export const SCROLL_TOP_OFFSET = 300;

export function ScrollTop() {
  const { t } = useTranslation();
  const [scroll] = useWindowScroll();
  const reduceMotion = useReducedMotion();
  return (
    <Affix position={{ bottom: 24, right: 24 }}>
      <Transition transition="slide-up" mounted={scroll.y > SCROLL_TOP_OFFSET} duration={reduceMotion ? 0 : 200}>
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
