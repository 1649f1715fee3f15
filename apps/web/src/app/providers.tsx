import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n.ts';
import { queryClient } from './query-client.ts';
import { router } from './router.ts';
import { Themed } from './themed.tsx';

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

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <Themed>
        <OnDemandNotifications />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </Themed>
    </I18nextProvider>
  );
}
