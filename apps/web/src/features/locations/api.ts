import type { Location, LocationCreate, LocationPatch } from '@kovanica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { citiesApi, lessorsApi, locationsApi, tagsApi } from '../../lib/resources.ts';

/**
 * Cities, lessors and tags count their locations, and devices show their location: a location write
 * refreshes all of them.
 */
function useInvalidateLocations() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [locationsApi.keys.all, citiesApi.keys.all, lessorsApi.keys.all, tagsApi.keys.all, ['devices'] as const].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useCreateLocation() {
  const invalidate = useInvalidateLocations();
  return useMutation({ mutationFn: (body: LocationCreate) => locationsApi.create(body), onSuccess: () => invalidate() });
}

export function useUpdateLocation(id: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateLocations();
  return useMutation({
    mutationFn: (patch: LocationPatch) => locationsApi.patch(id, patch),
    onSuccess: (location: Location) => {
      queryClient.setQueryData(locationsApi.keys.detail(id), location);
      return invalidate();
    },
  });
}
