import { visitProposal } from '@kovanica/contract';
import { queryOptions, useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type Query } from '../../lib/api.ts';
import { visitsApi } from '../../lib/apis/visits.ts';
import {
  DEPOSIT_COUNT_KEY,
  type DepositCountVariables,
  STOP_DONE_KEY,
  type StopDoneAnswer,
  type StopDoneVariables,
} from '../../lib/offline-actions.ts';

export { visitsApi };

/** The day's proposal of a company (nothing stored): `GET /visits/proposal?day=&company=`. */
export const proposalQuery = (day: string, company: string | undefined) =>
  queryOptions({
    queryKey: [visitsApi.name, 'proposal', { day, company }] as const,
    queryFn: ({ signal }) => apiRequest('/visits/proposal', { query: { day, company } satisfies Query, schema: visitProposal, signal }),
  });

/** One of the worker's actions on a stop, as the cache holds it (queued, sending, failed or done). */
export interface StopAction {
  id: number;
  status: 'idle' | 'pending' | 'success' | 'error';
  isPaused: boolean;
  variables: StopDoneVariables;
  error: unknown;
  submittedAt: number;
}

/**
 * A stop emptied (or skipped, with a note; or emptied with its count): `POST /visits/{id}/stops/{stop}/done`
 * with the `Idempotency-Key` of the variables. Its code is the client's (lib/offline-actions.ts), so
 * one made offline waits, survives a reload and is sent once (decision 0055). The answer is the stop,
 * with the deposit its emptying opened; 409 when someone else did it first (the problem names them).
 */
export function useStopDone() {
  return useMutation<StopDoneAnswer, Error, StopDoneVariables>({ mutationKey: STOP_DONE_KEY });
}

/** The worker's actions on one stop, oldest first. */
export function useStopActions(visit: number, stop: number | null): StopAction[] {
  return useMutationState({
    filters: {
      mutationKey: STOP_DONE_KEY,
      predicate: (m) => {
        const v = m.state.variables as StopDoneVariables | undefined;
        return v?.visit === visit && v.stop === stop;
      },
    },
    select: (m) => ({
      id: m.mutationId,
      status: m.state.status,
      isPaused: m.state.isPaused,
      variables: m.state.variables as StopDoneVariables,
      error: m.state.error,
      submittedAt: m.state.submittedAt,
    }),
  });
}

/**
 * The worker's counts of one deposit waiting or refused (`PATCH /deposits/{id}` made offline on its
 * page), shaped as a stop's action with the count as its figures, oldest first.
 */
export function useDepositActions(deposit: number | null): StopAction[] {
  return useMutationState({
    filters: {
      mutationKey: DEPOSIT_COUNT_KEY,
      predicate: (m) => (m.state.variables as DepositCountVariables | undefined)?.id === deposit,
    },
    select: (m) => {
      const { key, body } = m.state.variables as DepositCountVariables;
      return {
        id: m.mutationId,
        status: m.state.status,
        isPaused: m.state.isPaused,
        variables: {
          visit: 0,
          stop: 0,
          key,
          body: {
            count: {
              depositCoinsCents: body.depositCoinsCents ?? 0,
              depositTokens: body.depositTokens ?? 0,
              ...(body.note ? { note: body.note } : {}),
            },
          },
        },
        error: m.state.error,
        submittedAt: m.state.submittedAt,
      };
    },
  });
}

/** Read and done with: the action leaves the phone's list. */
export function useDismissAction() {
  const queryClient = useQueryClient();
  return (id: number) => {
    const cache = queryClient.getMutationCache();
    const mutation = cache.getAll().find((m) => m.mutationId === id);
    if (mutation) cache.remove(mutation);
  };
}
