import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../lib/i18n.ts';
import { queryClient } from './query-client.ts';
import { router } from './router.ts';
import { cssVariablesResolver, themeFor } from './theme.ts';

const AppNotifications = lazy(() => import('./notifications.tsx'));

/** The notifications' container, loaded when the first notification is shown and kept from then on. */
function OnDemandNotifications() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <AppNotifications />
    </Suspense>
  ) : null;
}

function Themed() {
  const { t, i18n: current } = useTranslation();
  // The theme carries translated labels of Mantine's own buttons, so it follows the language.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is what changes the labels
  const theme = useMemo(() => themeFor({ close: t('app.close') }), [t, current.language]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <OnDemandNotifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <Themed />
    </I18nextProvider>
  );
}
