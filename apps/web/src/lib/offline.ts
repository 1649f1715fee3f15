import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { Mutation, Query } from '@tanstack/react-query';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';
import { isQueuedAction } from './offline-actions.ts';
import { getSession } from './session.ts';

/**
 * The worker's day offline (decision 0055): what the visit screen needs is kept in the browser's
 * IndexedDB beside the actions waiting to be sent, and restored at the next start, so a reload in a
 * basement still shows the visit, its stops and their deposits. Only those answers are kept (see
 * `persistedQuery`), for a day, and only for the user who saw them: the buster names the user, so
 * another's sign-in on the same phone never sees them; a sign-out removes them.
 */

/** IndexedDB key of the persisted cache. */
const STORE_KEY = 'kovanica-offline';
/** Raised when what is kept changes shape; not the build, so an update does not drop waiting actions. */
const CACHE_VERSION = 1;
export const OFFLINE_MAX_AGE = 24 * 60 * 60 * 1000;

/** The user the persisted cache belongs to: restored only for the same one (and company). */
export function offlineBuster(): string {
  const { personalInfo, accountInfo } = getSession();
  return `v${CACHE_VERSION}:${personalInfo.id ?? 'none'}:${accountInfo.company_id ?? 'none'}`;
}

/**
 * The answers the day's round needs offline: the day's visits (with their stops), the deposits of
 * those stops, and the layout's settings. Nothing else (lists, reports) is written to the phone.
 */
export function persistedQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  if (query.state.status !== 'success') return false;
  const [resource, kind, params] = query.queryKey as readonly unknown[];
  if (resource === 'visits' && kind === 'list') return typeof params === 'object' && params !== null && 'day' in params;
  if (resource === 'deposits' && kind === 'detail') return true;
  return resource === 'settings';
}

const storage = {
  getItem: (key: string) => get<string>(key).then((v) => v ?? null),
  setItem: (key: string, value: string) => set(key, value),
  removeItem: (key: string) => del(key),
};

export const offlinePersister = createAsyncStoragePersister({ storage, key: STORE_KEY, throttleTime: 300 });

/** The persistence's options (`PersistQueryClientProvider`). */
export const offlinePersistOptions = (): Omit<PersistQueryClientOptions, 'queryClient'> => ({
  persister: offlinePersister,
  maxAge: OFFLINE_MAX_AGE,
  buster: offlineBuster(),
  dehydrateOptions: {
    shouldDehydrateQuery: persistedQuery,
    // Waiting, on their way, or failed and not yet dismissed: the worker's actions are never dropped.
    shouldDehydrateMutation: (m) => isQueuedAction(m as unknown as Pick<Mutation, 'options' | 'state'>),
  },
});

/** How long a query the day needs stays in memory (and so in the persisted cache) unused. */
export const OFFLINE_GC_TIME = OFFLINE_MAX_AGE;

/** At sign-out: nothing of this user stays on the phone. */
export function clearOfflineCache(): Promise<void> {
  return del(STORE_KEY).catch(() => undefined);
}
