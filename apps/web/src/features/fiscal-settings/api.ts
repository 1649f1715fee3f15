import { type CisSimulatorPatch, cisSimulatorItem, fiscalEchoAnswer } from '@kovanica/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';

/** The simulated CIS's switches (`/cis-simulator`): one for the whole server, admins only. */
export const cisSimulatorQuery = () =>
  queryOptions({
    queryKey: ['cis-simulator'] as const,
    queryFn: ({ signal }) => apiRequest('/cis-simulator', { schema: cisSimulatorItem, signal }),
  });

export function useUpdateCisSimulator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: CisSimulatorPatch) => apiRequest('/cis-simulator', { method: 'PATCH', body: patch, schema: cisSimulatorItem }),
    onSuccess: (state) => queryClient.setQueryData(cisSimulatorQuery().queryKey, state),
  });
}

/** "Check connection": an echo to the company's environment as saved. */
export function useFiscalEcho(companyId: number) {
  return useMutation({
    mutationFn: () => apiRequest(`/fiscal-settings/${companyId}/echo`, { method: 'POST', schema: fiscalEchoAnswer }),
  });
}
