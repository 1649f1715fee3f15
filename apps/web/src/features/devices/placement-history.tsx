import { formatDateTime, parseIri } from '@kovanica/contract';
import { Alert, Anchor, Badge, Skeleton, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Portlet } from '../../components/portlet.tsx';
import { useAccess } from '../../lib/access.ts';
import { isApiError } from '../../lib/api.ts';
import { placementsQuery } from './api.ts';

const k = (key: string) => `resources.devices.placements.${key}`;

/**
 * Where the device has stood, newest first. A plain table rather than the shared data table: the
 * history is a short, read-only sub-collection without ids, paging, filters or export.
 */
export function PlacementHistory({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const history = useQuery(placementsQuery(deviceId));
  const title = t('resources.devices.sections.placements');
  const rows = history.data?.member ?? [];

  return (
    <Portlet title={title}>
      {history.isError ? (
        <Alert color="red" role="alert">
          {(isApiError(history.error) && history.error.userMessage) || t('errors.genericText')}
        </Alert>
      ) : !history.data ? (
        <Skeleton height={80} radius="sm" />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t(k('empty'))}</Text>
      ) : (
        // Focusable, so a keyboard user can scroll the table sideways on a narrow screen.
        <Table.ScrollContainer minWidth={520} type="native" tabIndex={0}>
          <Table striped verticalSpacing="xs" aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t(k('location'))}</Table.Th>
                <Table.Th>{t(k('from'))}</Table.Th>
                <Table.Th>{t(k('to'))}</Table.Th>
                <Table.Th>{t(k('movedBy'))}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((stay) => {
                const locationId = parseIri('locations', stay.location);
                return (
                  <Table.Tr key={`${stay.location}@${stay.from}`}>
                    <Table.Td>
                      {locationId !== null && can('locations.update') ? (
                        <Anchor
                          inherit
                          renderRoot={(props) => <Link to="/locations/edit/$id" params={{ id: String(locationId) }} {...props} />}
                        >
                          {stay.locationName}
                        </Anchor>
                      ) : (
                        stay.locationName
                      )}
                    </Table.Td>
                    <Table.Td>{formatDateTime(stay.from)}</Table.Td>
                    <Table.Td>
                      {stay.to ? (
                        formatDateTime(stay.to)
                      ) : (
                        <Badge variant="dot" color="teal.9">
                          {t(k('current'))}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {stay.movedByName ?? (
                        <Text span c="dimmed" inherit>
                          —
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Portlet>
  );
}
