import { useNotifications } from '@mantine/notifications';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n.ts';
import { offlinePersistOptions } from '../lib/offline.ts';
import { resumeOfflineActions } from '../lib/offline-actions.ts';
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
        {/* The worker's day and waiting actions, restored from the phone, then sent (decision 0055). */}
        <PersistQueryClientProvider
          client={queryClient}
          persistOptions={offlinePersistOptions()}
          onSuccess={() => void resumeOfflineActions(queryClient)}
        >
          <RouterProvider router={router} />
        </PersistQueryClientProvider>
      </Themed>
    </I18nextProvider>
  );
}
