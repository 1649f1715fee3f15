import { useSyncExternalStore } from 'react';

/** Original §9: a code chunk that has not arrived in 120 s counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Messages browsers and Vite use when a lazily loaded script or style chunk cannot be fetched. */
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk .* failed|Loading chunk failed/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message));
}

let failed = false;
const listeners = new Set<() => void>();

/** Switches the whole app to the "Loading chunk failed" screen. */
export function reportChunkFailure(): void {
  if (failed) return;
  failed = true;
  for (const l of listeners) l();
}

export function useChunkFailure(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => failed,
  );
}

// After a release the old chunks are gone: Vite reports a failed script or style preload here.
if (typeof window !== 'undefined') {
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    reportChunkFailure();
  });
}
