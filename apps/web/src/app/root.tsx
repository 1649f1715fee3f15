import { useIsMutating } from '@tanstack/react-query';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ChunkFailed } from '../components/chunk-failed.tsx';
import { LoadingIndicator } from '../components/loading-indicator.tsx';
import { CHUNK_LOAD_TIMEOUT_MS, reportChunkFailure, useChunkFailure } from '../lib/chunk-failure.ts';

/** Quick work should not flash the indicator; only work that the user would notice shows it. */
const LOADING_DELAY_MS = 250;

function useDelayedFlag(flag: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!flag) {
      setShown(false);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [flag, delayMs]);
  return shown;
}

/** The shell around every screen: loading indicator, and the chunk-failure screen after a release. */
export function Root() {
  const chunkFailed = useChunkFailure();
  const navigating = useRouterState({ select: (s) => s.status === 'pending' || s.isLoading });
  // An action waiting for a connection (decision 0055) is no work under way: the banner tells of it.
  const saving = useIsMutating({ predicate: (m) => !m.state.isPaused }) > 0;
  const loading = useDelayedFlag(navigating || saving, LOADING_DELAY_MS);

  // A route chunk that neither arrives nor fails (a hung request) counts as failed after 120 s.
  const stuck = useDelayedFlag(navigating, CHUNK_LOAD_TIMEOUT_MS);
  useEffect(() => {
    if (stuck) reportChunkFailure();
  }, [stuck]);

  if (chunkFailed) return <ChunkFailed />;
  return (
    <>
      <Outlet />
      <LoadingIndicator visible={loading} />
    </>
  );
}
