import { type Deposit, type DepositPatch, type DepositVerification, depositVerificationAnswer, formatDateTime } from '@kovanica/contract';
import { onlineManager, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest, etagOf, type Query } from '../../lib/api.ts';
import { depositsApi } from '../../lib/apis/deposits.ts';
import { DEPOSIT_COUNT_KEY, type DepositCountVariables } from '../../lib/offline-actions.ts';
import { randomKey } from '../../lib/random-key.ts';
import { UNVERIFIED_DEPOSIT_STATUSES } from '../../lib/resources.ts';
import type { View } from '../../lib/view.ts';

export { depositsApi };

/**
 * The status filter's value for "awaiting count or pending verification". The URL keeps one value per
 * filter, so the list asks the API for the two statuses (`status=…&status=…`) when it sees this one.
 */
export const UNVERIFIED = 'unverified';

/** The list's source: `depositsApi` with the "unverified" filter value spelled out for the API. */
export const depositsListSource = {
  name: depositsApi.name,
  keys: depositsApi.keys,
  list: (query: Query = {}, view?: View) =>
    depositsApi.list(query.status === UNVERIFIED ? { ...query, status: UNVERIFIED_DEPOSIT_STATUSES } : query, view),
};

/** How a deposit is named in questions, labels and errors: "Autić 2, 21.11.2026 22:58". */
export const depositLabel = (d: Pick<Deposit, 'deviceName' | 'at'>) => `${d.deviceName}, ${formatDateTime(d.at)}`;

/**
 * A worker records what was counted and handed in: `PATCH /deposits/{id}` with an `Idempotency-Key`
 * and the `If-Match` of the deposit as the worker saw it (a verified deposit answers 409, one changed
 * meanwhile 412). Its code is the client's (lib/offline-actions.ts): offline the count waits and is
 * sent with the connection (decision 0055); the form is done at once, the stop says "Waiting to send".
 */
export function useReportDeposit(deposit: Deposit) {
  const mutation = useMutation<Deposit, Error, DepositCountVariables>({ mutationKey: DEPOSIT_COUNT_KEY });
  const [queued, setQueued] = useState(false);
  return {
    isPending: mutation.isPending && !mutation.isPaused,
    isSuccess: mutation.isSuccess || queued,
    mutateAsync: async (body: DepositPatch): Promise<Deposit> => {
      // One key per tap of "Save": its retries, and its replay after a reload, are the same request.
      const variables = { id: deposit.id, key: randomKey(), etag: etagOf(`/deposits/${deposit.id}`), body };
      if (!onlineManager.isOnline()) {
        mutation.mutate(variables);
        setQueued(true);
        return { ...deposit, ...body } as Deposit;
      }
      return mutation.mutateAsync(variables);
    },
  };
}

/** Verifies all the given deposits or none (422 `deposits.<i>` names the one refused and why). */
export function useVerifyDeposits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DepositVerification) => apiRequest('/deposits/verify', { method: 'POST', body, schema: depositVerificationAnswer }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: depositsApi.keys.all }),
  });
}
