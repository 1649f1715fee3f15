import { createRouter } from '@tanstack/react-router';
import { setUnauthorizedHandler } from '../lib/api.ts';
import { hasQueuedActions } from '../lib/offline-actions.ts';
import { clearSession, signInHref } from '../lib/session.ts';
import { routeTree } from '../routeTree.gen.ts';
import { queryClient } from './query-client.ts';
import { RouteError } from './route-error.tsx';

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultErrorComponent: RouteError,
  // Unknown paths anywhere go to the root's not-found handler, which redirects to /404 (original §2).
  notFoundMode: 'root',
  defaultPreload: false,
  scrollRestoration: false,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// Before each navigation the page goes back to the top (original §2).
router.subscribe('onBeforeNavigate', (event) => {
  if (event.pathChanged) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
});

// A 401 on any call but the login itself means the stored login is no longer valid: drop it and ask
// the user to sign in again, then bring them back where they were.
setUnauthorizedHandler(() => {
  const location = router.latestLocation;
  clearSession();
  // The worker's waiting actions stay on the phone, to be sent once they have signed in again (decision 0055).
  if (!hasQueuedActions(queryClient)) queryClient.clear();
  window.location.replace(signInHref(location.href));
});
