import { maintenanceApi } from '../../lib/apis/maintenance.ts';
import { useCreate, useUpdate } from '../../lib/resource-hooks.ts';

/** Maintenance records of devices (docs/rules.md "Telemetry, devices in operation, deposits"): listed per device and over a period. */
export { maintenanceApi };

export const useCreateMaintenance = () => useCreate(maintenanceApi);
export const useUpdateMaintenance = (id: number) => useUpdate(maintenanceApi, id);
