import { type Maintenance, type MaintenanceCreate, type MaintenancePatch, maintenanceItem } from '@kovanica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resourceApi } from '../../lib/resource-api.ts';

/** Maintenance records of devices (domain §6): listed per device and over a period. */
export const maintenanceApi = resourceApi<typeof maintenanceItem, MaintenancePatch, MaintenanceCreate>('maintenance', maintenanceItem);

export function useCreateMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MaintenanceCreate) => maintenanceApi.create(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: maintenanceApi.keys.all }),
  });
}

export function useUpdateMaintenance(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: MaintenancePatch) => maintenanceApi.patch(id, patch),
    onSuccess: (saved: Maintenance) => {
      queryClient.setQueryData(maintenanceApi.keys.detail(id), saved);
      return queryClient.invalidateQueries({ queryKey: maintenanceApi.keys.all });
    },
  });
}
