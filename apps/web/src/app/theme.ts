import { type CSSVariablesResolver, createTheme } from '@mantine/core';

/**
 * Indigo at shade 8 (#3b5bdb) gives white text 5.7:1; Mantine's default shade 6 gives 4.3:1 and fails
 * WCAG AA. The same reason moves dimmed text and error red one or more shades darker.
 */
export const themeFor = (labels: { close: string }) =>
  createTheme({
    primaryColor: 'indigo',
    primaryShade: { light: 8, dark: 8 },
    respectReducedMotion: true,
    defaultRadius: 'sm',
    cursorType: 'pointer',
    focusRing: 'auto',
    breakpoints: { xs: '30em', sm: '36em', md: '48em', lg: '62em', xl: '75em' },
    components: {
      Drawer: { defaultProps: { transitionProps: { duration: 200 } } },
      // A select's options are rendered when its dropdown opens, not kept (hidden) from the start:
      // each kept dropdown is positioned by floating-ui while the page mounts, which forced a style
      // recalculation and a second, synchronous render inside the mount's task. The input
      // names its list (`aria-controls`) only while it is open. Selects only: the multi-select and
      // the quick search keep Mantine's default, which their keyboard and option handling rely on.
      Select: { defaultProps: { comboboxProps: { keepMounted: false } } },
      // Icon-only close buttons need a name (axe: button-name).
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': labels.close } } },
    },
  });

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});
