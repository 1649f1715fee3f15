import { collectionOf, movementItem, stockLevelItem } from '@kovanica/contract';
import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../lib/api.ts';
import { movementsApi } from '../../lib/apis/movements.ts';
import { repositoriesApi } from '../../lib/apis/repositories.ts';
import { useCreate, useInvalidate } from '../../lib/resource-hooks.ts';

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

/**
 * Books the opposite movement (`POST /movements/{id}/reverse`), once: the client key makes a retry
 * book nothing twice. The notice is given here, not by the button: once the list is refreshed the
 * reversed row has no reverse button left to give it.
 */
export function useReverseMovement() {
  const { t } = useTranslation();
  const invalidate = useInvalidate(movementsApi);
  return useMutation({
    mutationFn: ({ id, clientKey }: { id: number; clientKey: string }) =>
      apiRequest(`/movements/${id}/reverse`, { method: 'POST', body: { clientKey }, schema: movementItem }),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: t('resources.movements.reversedNotice') });
      return invalidate();
    },
  });
}
