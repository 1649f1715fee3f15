import type { DepositPatch, Problem } from '@kovanica/contract';
import { type Mutation, type MutationKey, onlineManager, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from './api.ts';

/**
 * The worker's actions that wait for a connection (decision 0055, docs/rules.md "Visits"): a stop
 * done (with its count, or skipped) and a deposit's count. Each is a TanStack mutation with a key of
 * its own and its defaults set here, so one queued offline is kept with the persisted cache and, after
 * a reload, sent by the same code. Its variables carry the `Idempotency-Key` made once when the worker
 * tapped: every retry, and every replay after a reload, sends the same key, so the server records it
 * once. No zod here: this module is in the first paint (decision 0016).
 */

export const STOP_DONE_KEY = ['offline', 'stopDone'] as const;
export const DEPOSIT_COUNT_KEY = ['offline', 'depositCount'] as const;
/** Every queued action's key starts with this. */
export const OFFLINE_KEY = ['offline'] as const;

/** What the worker counted of one emptying: coins in cents, tokens, a note. */
export interface CountFigures {
  depositCoinsCents: number;
  depositTokens: number;
  note?: string;
}

export interface StopDoneVariables {
  visit: number;
  stop: number;
  /** The `Idempotency-Key`, made once when the worker tapped. */
  key: string;
  /** `at`: when the worker emptied it (a queued action is sent later: the emptying is recorded then). */
  body: { skipped?: boolean; note?: string; count?: CountFigures; at?: string };
}

export interface DepositCountVariables {
  id: number;
  key: string;
  /** The deposit's `ETag` the count was made on (`If-Match`); null when it was not known. */
  etag: string | null;
  body: DepositPatch;
}

/** What a stop done answers: the stop, with the deposit its emptying opened. */
export interface StopDoneAnswer {
  deposit: string | null;
  [field: string]: unknown;
}

/** A failure's status and problem, from an `ApiError` or from one restored from the persisted cache (plain JSON). */
export function failureOf(error: unknown): { status: number; problem: Problem | null } {
  if (error instanceof ApiError) return { status: error.status, problem: error.problem };
  if (typeof error === 'object' && error !== null) {
    const { status, problem } = error as { status?: unknown; problem?: unknown };
    return {
      status: typeof status === 'number' ? status : 0,
      problem: typeof problem === 'object' && problem !== null ? (problem as Problem) : null,
    };
  }
  return { status: 0, problem: null };
}

/**
 * Worth sending again with the same key: no answer (offline, a dropped connection), a server error,
 * "too many", and a 401 (the login expired while the action waited: it goes once the worker has signed
 * in again, and is kept meanwhile).
 */
export const isRetryableStatus = (status: number) => status === 0 || status === 401 || status === 408 || status === 429 || status >= 500;

/** A conflict: someone else did the stop (409 `stop_done`) or counted the deposit (412 `deposit_changed`). */
export const isConflict = (error: unknown) => {
  const { status, problem } = failureOf(error);
  // A 409 of another kind (a verified deposit, a key used for another stop) is a refusal, not this.
  return status === 412 || (status === 409 && problem !== null && 'stopStatus' in problem);
};

/** 1 s, 2 s, 4 s … up to a minute between tries. */
export const retryDelay = (failures: number) => Math.min(1000 * 2 ** failures, 60_000);
/** Tries of one action before it is shown as failed (the worker may send it again): about half an hour. */
const MAX_TRIES = 40;
const retry = (failures: number, error: unknown) => failures < MAX_TRIES && isRetryableStatus(failureOf(error).status);

const isOffline = (key: MutationKey | undefined) => key?.[0] === OFFLINE_KEY[0];

/** A queued action of the worker: waiting, being sent, or failed and not yet dismissed. */
export const isQueuedAction = (mutation: Pick<Mutation, 'options' | 'state'>) =>
  isOffline(mutation.options.mutationKey) && (mutation.state.status === 'pending' || mutation.state.status === 'error');

/** Sets the actions' code on the client; called once, before the persisted cache is restored. */
export function registerOfflineActions(queryClient: QueryClient): void {
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['visits'] }),
      queryClient.invalidateQueries({ queryKey: ['deposits'] }),
      queryClient.invalidateQueries({ queryKey: ['devices'] }),
    ]);
  queryClient.setMutationDefaults(STOP_DONE_KEY, {
    mutationFn: (variables: unknown) => {
      const { visit, stop, key, body } = variables as StopDoneVariables;
      return apiRequest<StopDoneAnswer>(`/visits/${visit}/stops/${stop}/done`, {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': key },
      });
    },
    retry,
    retryDelay,
    onSettled: refresh,
  });
  queryClient.setMutationDefaults(DEPOSIT_COUNT_KEY, {
    mutationFn: (variables: unknown) => {
      const { id, key, etag, body } = variables as DepositCountVariables;
      return apiRequest(`/deposits/${id}`, {
        method: 'PATCH',
        body,
        headers: { 'Idempotency-Key': key, ...(etag ? { 'If-Match': etag } : {}) },
      });
    },
    retry,
    retryDelay,
    onSettled: refresh,
  });
}

/**
 * After the persisted cache is restored: sends again every action that was waiting or on its way when
 * the page closed. One on its way may have reached the server; its key makes the second send answer
 * the same, not record it twice.
 */
export function resumeOfflineActions(queryClient: QueryClient): Promise<unknown> {
  const restored = queryClient
    .getMutationCache()
    .getAll()
    .filter((m) => isOffline(m.options.mutationKey) && m.state.status === 'pending' && !m.state.isPaused);
  return Promise.all([queryClient.resumePausedMutations(), ...restored.map((m) => m.continue().catch(() => undefined))]);
}

/** Whether any of the worker's actions is queued or failed (then a sign-in loss must not wipe the cache). */
export const hasQueuedActions = (queryClient: QueryClient) => queryClient.getMutationCache().getAll().some(isQueuedAction);

/** The browser's own word at start: TanStack assumes online until an `offline` event. */
export function followBrowserOnline(): void {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
}
