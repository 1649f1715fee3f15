import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { clearOfflineCache } from '../../lib/offline.ts';
import { clearSession } from '../../lib/session.ts';

/**
 * Ends the sign-in on the server (every sign-in of the user, on every device: docs/rules.md,
 * "Sessions"), then clears the token, personal info and account info (original §4) and forgets every
 * cached answer. The local session goes at once, whatever the server answers: the request has taken
 * the token with it before the session is cleared.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  const ended = apiRequest('/logout', { method: 'POST', redirectOnUnauthorized: false }).catch(() => undefined);
  clearSession();
  queryClient.clear();
  // What the phone kept for working offline goes with the sign-in (decision 0055).
  await clearOfflineCache();
  // Resolves when the server has answered (or failed to), so that leaving the page does not cancel it.
  await ended;
}
