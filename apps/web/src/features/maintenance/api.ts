import { maintenanceApi } from '../../lib/apis/maintenance.ts';
import { useCreate, useUpdate } from '../../lib/resource-hooks.ts';

/** Maintenance records of devices (domain §6): listed per device and over a period. */
export { maintenanceApi };

export const useCreateMaintenance = () => useCreate(maintenanceApi);
export const useUpdateMaintenance = (id: number) => useUpdate(maintenanceApi, id);
