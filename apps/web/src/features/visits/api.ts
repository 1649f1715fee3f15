import { type VisitStop, type VisitStopDone, visitProposal, visitStop } from '@kovanica/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, type Query } from '../../lib/api.ts';
import { visitsApi } from '../../lib/apis/visits.ts';
import { useInvalidate } from '../../lib/resource-hooks.ts';
import { isRetryable, PendingKeys } from './visit-stops.ts';

export { visitsApi };

/** The day's proposal of a company (nothing stored): `GET /visits/proposal?day=&company=`. */
export const proposalQuery = (day: string, company: string | undefined) =>
  queryOptions({
    queryKey: [visitsApi.name, 'proposal', { day, company }] as const,
    queryFn: ({ signal }) => apiRequest('/visits/proposal', { query: { day, company } satisfies Query, schema: visitProposal, signal }),
  });

/** One key per pending request, kept for the page's life: a retry of the same stop reuses it. */
const pending = new PendingKeys();

export interface StopDoneRequest {
  visit: number;
  stop: number;
  body: VisitStopDone;
}

const requestName = ({ visit, stop, body }: StopDoneRequest) => `${visit}/${stop}/${body.skipped ? 'skipped' : 'done'}`;

/**
 * A stop emptied (or skipped, with a note): `POST /visits/{id}/stops/{stop}/done` with an
 * `Idempotency-Key`. The answer is the stop, with the deposit its emptying opened; 409 when someone
 * else did it first (the problem names them).
 */
export function useStopDone() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidate(visitsApi);
  return useMutation({
    mutationFn: async (request: StopDoneRequest): Promise<VisitStop> => {
      const name = requestName(request);
      try {
        const stop = await apiRequest(`/visits/${request.visit}/stops/${request.stop}/done`, {
          method: 'POST',
          body: request.body,
          headers: { 'Idempotency-Key': pending.keyOf(name) },
          schema: visitStop,
        });
        pending.settle(name);
        return stop;
      } catch (error) {
        if (!(error instanceof ApiError) || !isRetryable(error.status)) pending.settle(name);
        throw error;
      }
    },
    onSettled: () => Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: visitsApi.keys.all })]),
  });
}
