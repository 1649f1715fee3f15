import { collectionOf, type Device, type DeviceCreate, type DevicePatch, placementItem } from '@kovanica/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { devicesApi, loggersApi } from '../../lib/resources.ts';

export { devicesApi };

const placements = collectionOf(placementItem);

/** A device's stays at locations, newest first. Keyed under the device, so its writes refresh it. */
export const placementsQuery = (id: number) =>
  queryOptions({
    queryKey: [devicesApi.name, 'detail', id, 'placements'] as const,
    queryFn: ({ signal }) => apiRequest(`/devices/${id}/placements`, { query: { itemsPerPage: 200 }, schema: placements, signal }),
  });

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
