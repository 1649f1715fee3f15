import type { City, CityCreate, CityPatch } from '@kovanica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { citiesApi } from '../../lib/resources.ts';

/** Locations show their city's name, so a city write refreshes them too (by key; features stay apart). */
function useInvalidateCities() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: citiesApi.keys.all }),
      queryClient.invalidateQueries({ queryKey: ['locations'] }),
    ]);
}

export function useCreateCity() {
  const invalidate = useInvalidateCities();
  return useMutation({ mutationFn: (body: CityCreate) => citiesApi.create(body), onSuccess: () => invalidate() });
}

export function useUpdateCity(id: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCities();
  return useMutation({
    mutationFn: (patch: CityPatch) => citiesApi.patch(id, patch),
    onSuccess: (city: City) => {
      queryClient.setQueryData(citiesApi.keys.detail(id), city);
      return invalidate();
    },
  });
}
