import { type PosWorkerPin, posWorkerItem } from '@kovanica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { posWorkersApi } from '../../lib/apis/pos-workers.ts';
import { useInvalidate } from '../../lib/resource-hooks.ts';

/** Sets a worker's new PIN (the old one stops working, a lockout is lifted); the answer is the worker. */
export function useSetPin(id: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidate(posWorkersApi);
  return useMutation({
    mutationFn: (body: PosWorkerPin) => apiRequest(`/pos-workers/${id}/pin`, { method: 'POST', body, schema: posWorkerItem }),
    onSuccess: (saved) => {
      queryClient.setQueryData(posWorkersApi.keys.detail(id), saved);
      return invalidate();
    },
  });
}
