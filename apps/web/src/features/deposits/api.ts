import { type Deposit, type DepositPatch, type DepositVerification, depositVerificationAnswer, formatDateTime } from '@kovanica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type Query } from '../../lib/api.ts';
import { depositsApi } from '../../lib/apis/deposits.ts';
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

/** A worker records what was counted and handed in; a verified deposit answers 409. */
export function useReportDeposit(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DepositPatch) => depositsApi.patch(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: depositsApi.keys.all }),
  });
}

/** Verifies all the given deposits or none (422 `deposits.<i>` names the one refused and why). */
export function useVerifyDeposits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DepositVerification) => apiRequest('/deposits/verify', { method: 'POST', body, schema: depositVerificationAnswer }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: depositsApi.keys.all }),
  });
}
