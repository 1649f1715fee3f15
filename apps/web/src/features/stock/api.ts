import { collectionOf, movementItem, stockLevelItem } from '@kovanica/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { useCreate, useInvalidate } from '../../lib/resource-hooks.ts';
import { movementsApi, repositoriesApi } from '../../lib/resources.ts';

const stockLevels = collectionOf(stockLevelItem);

/**
 * What a repository holds (`GET /repositories/{id}/stock`), keyed under the repositories, so every
 * movement (which makes `repositories` stale) refreshes it.
 */
export const repositoryStockQuery = (id: number) =>
  queryOptions({
    queryKey: [repositoriesApi.name, 'stock', id] as const,
    queryFn: ({ signal }) => apiRequest(`/repositories/${id}/stock`, { schema: stockLevels, signal }),
  });

export const useCreateMovement = () => useCreate(movementsApi);

/** Books the opposite movement (`POST /movements/{id}/reverse`), once: the client key makes a retry book nothing twice. */
export function useReverseMovement() {
  const invalidate = useInvalidate(movementsApi);
  return useMutation({
    mutationFn: ({ id, clientKey }: { id: number; clientKey: string }) =>
      apiRequest(`/movements/${id}/reverse`, { method: 'POST', body: { clientKey }, schema: movementItem }),
    onSuccess: () => invalidate(),
  });
}
