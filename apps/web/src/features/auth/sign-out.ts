import type { QueryClient } from '@tanstack/react-query';
import { clearSession } from '../../lib/session.ts';

/** Clears the token, personal info and account info (original §4) and forgets every cached answer. */
export function signOut(queryClient: QueryClient): void {
  clearSession();
  queryClient.clear();
}
