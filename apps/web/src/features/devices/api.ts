import { type CommandCreate, commandItem, type Device, type DeviceCreate, type DevicePatch } from '@kovanica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { resourceApi } from '../../lib/resource-api.ts';
import { devicesApi, loggersApi } from '../../lib/resources.ts';

export { devicesApi };

/** Free rides and resets sent to devices; read-only as a collection, sent through a device (`useSendCommand`). */
export const commandsApi = resourceApi<typeof commandItem, never>('commands', commandItem);

/** Fitting a logger to a device changes the logger's `device` too, so device writes refresh both. */
function useInvalidateDevices() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: devicesApi.keys.all }),
      queryClient.invalidateQueries({ queryKey: loggersApi.keys.all }),
    ]);
}

export function useCreateDevice() {
  const invalidate = useInvalidateDevices();
  return useMutation({ mutationFn: (body: DeviceCreate) => devicesApi.create(body), onSuccess: () => invalidate() });
}

export function useUpdateDevice(id: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateDevices();
  return useMutation({
    mutationFn: (patch: DevicePatch) => devicesApi.patch(id, patch),
    onSuccess: (device: Device) => {
      queryClient.setQueryData(devicesApi.keys.detail(id), device);
      return invalidate();
    },
  });
}

/**
 * Sends a free ride or a reset to a device's logger; it goes out with the logger's next report. The
 * server answers 422 `no_logger` (on `type`) for a device without a logger.
 */
export function useSendCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deviceId, body }: { deviceId: number; body: CommandCreate }) =>
      apiRequest(`/devices/${deviceId}/commands`, { method: 'POST', body, schema: commandItem }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commandsApi.keys.all }),
  });
}
