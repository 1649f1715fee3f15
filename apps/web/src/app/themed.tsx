import { MantineProvider } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cssVariablesResolver, themeFor } from './theme.ts';

/** Mantine with the app's theme, in the language in force (the app and the sign-in page). */
export function Themed({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  // The theme carries translated labels of Mantine's own buttons, so it follows the language.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is what changes the labels
  const theme = useMemo(() => themeFor({ close: t('app.close') }), [t, i18n.language]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {children}
    </MantineProvider>
  );
}
