import { type BillSend, billSendAnswer } from '@kovanica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { billAttemptsApi } from '../../lib/apis/bill-attempts.ts';
import { billsApi } from '../../lib/apis/bills.ts';

/** CIS answers within 2 s (fiscalization.md): by then most of a small batch is settled. */
const RECHECK_MS = 4_000;

/**
 * "Send again" (`POST /bills/send`): queues the named unfiscalized bills, or all of them when none are
 * named, for the background sender; answers how many were queued. The bills, their sends and the
 * comparison (under the bills' key) are read again.
 */
export function useSendBills() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BillSend) => apiRequest('/bills/send', { method: 'POST', body, schema: billSendAnswer }),
    onSuccess: () => {
      const refresh = () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: billsApi.keys.all }),
          queryClient.invalidateQueries({ queryKey: billAttemptsApi.keys.all }),
        ]);
      // The sender works in the background: a second look finds what CIS has answered meanwhile.
      setTimeout(() => void refresh(), RECHECK_MS);
      return refresh();
    },
  });
}
