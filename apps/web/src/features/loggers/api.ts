import { loggerCredential } from '@kovanica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { loggersApi } from '../../lib/apis/loggers.ts';

export { loggersApi };

/** Issues a new credential; the old one stops working at once. The answer is the only copy. */
export function useRotateCredential(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`/loggers/${id}/credential`, { method: 'POST', schema: loggerCredential }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loggersApi.keys.all }),
  });
}
