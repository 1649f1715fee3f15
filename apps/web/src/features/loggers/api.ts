import { type Logger, type LoggerCreate, type LoggerPatch, loggerCredential } from '@kovanica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { devicesApi, loggersApi } from '../../lib/resources.ts';

export { loggersApi };

/** A device shows its logger's IMEI, so writes of loggers refresh the device screens too. */
function useInvalidateLoggers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: loggersApi.keys.all }),
      queryClient.invalidateQueries({ queryKey: devicesApi.keys.all }),
    ]);
}

/** Creates a logger; the answer carries its ingestion credential, the only time it is ever shown. */
export function useCreateLogger() {
  const invalidate = useInvalidateLoggers();
  return useMutation({ mutationFn: (body: LoggerCreate) => loggersApi.create(body), onSuccess: () => invalidate() });
}

export function useUpdateLogger(id: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateLoggers();
  return useMutation({
    mutationFn: (patch: LoggerPatch) => loggersApi.patch(id, patch),
    onSuccess: (logger: Logger) => {
      queryClient.setQueryData(loggersApi.keys.detail(id), logger);
      return invalidate();
    },
  });
}

/** Issues a new credential; the old one stops working at once. The answer is the only copy. */
export function useRotateCredential(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`/loggers/${id}/credential`, { method: 'POST', schema: loggerCredential }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loggersApi.keys.all }),
  });
}
