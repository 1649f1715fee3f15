import { posTerminalKey } from '@kovanica/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { posLocationsApi } from '../../lib/apis/pos-locations.ts';
import { useInvalidate } from '../../lib/resource-hooks.ts';

/** Issues the point of sale's terminal key; one issued before stops working at once. The answer is the only copy. */
export function useIssueTerminalKey(id: number) {
  const invalidate = useInvalidate(posLocationsApi);
  return useMutation({
    mutationFn: async () => (await apiRequest(`/pos-locations/${id}/terminal-key`, { method: 'POST', schema: posTerminalKey })).terminalKey,
    onSuccess: () => invalidate(),
  });
}
