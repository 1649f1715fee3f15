import { collectionOf, formatDateTime, type Placement, parseIri, placementItem } from '@kovanica/contract';
import { Anchor, Skeleton, Table, Text } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../lib/access.ts';
import { apiRequest } from '../lib/api.ts';
import { devicesApi } from '../lib/apis/devices.ts';
import { CellBadge } from './data-table/cells.tsx';
import { FailureAlert } from './failure-alert.tsx';

const stem = 'resources.placements';
const placements = collectionOf(placementItem);

/** A device's stays at locations, newest first; keyed under the device, so a device write (a move) refreshes it. */
export const placementsQuery = (id: number) =>
  queryOptions({
    queryKey: [devicesApi.name, 'detail', id, 'placements'] as const,
    queryFn: ({ signal }) => apiRequest(`/devices/${id}/placements`, { schema: placements, signal }),
  });

/**
 * Where a device has stood (the device page and `/devices/locations`). A plain table rather than the
 * shared data table: the history is a short, read-only sub-collection without ids, paging or export.
 */
export function PlacementTable({ deviceId, title }: { deviceId: number; title: string }) {
  const { t } = useTranslation();
  const history = useQuery(placementsQuery(deviceId));
  if (history.isError) return <FailureAlert error={history.error} />;
  if (!history.data) return <Skeleton height={80} radius="sm" />;
  if (history.data.member.length === 0) return <Text c="dimmed">{t(`${stem}.empty`)}</Text>;
  return (
    // Focusable, so a keyboard user can scroll the table sideways on a narrow screen.
    <Table.ScrollContainer minWidth={520} type="native" tabIndex={0} role="region" aria-label={title}>
      <Table striped verticalSpacing="xs" aria-label={title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(`${stem}.fields.location`)}</Table.Th>
            <Table.Th>{t(`${stem}.fields.from`)}</Table.Th>
            <Table.Th>{t(`${stem}.fields.to`)}</Table.Th>
            <Table.Th>{t(`${stem}.fields.movedBy`)}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {history.data.member.map((stay) => (
            <StayRow key={`${stay.location}@${stay.from}`} stay={stay} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function StayRow({ stay }: { stay: Placement }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const locationId = parseIri('locations', stay.location);
  return (
    <Table.Tr>
      <Table.Td>
        {locationId !== null && can('locations.update') ? (
          <Anchor inherit renderRoot={(props) => <Link to="/locations/edit/$id" params={{ id: String(locationId) }} {...props} />}>
            {stay.locationName}
          </Anchor>
        ) : (
          stay.locationName
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(stay.from)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {stay.to ? (
          formatDateTime(stay.to)
        ) : (
          <CellBadge variant="dot" color="teal.9">
            {t(`${stem}.now`)}
          </CellBadge>
        )}
      </Table.Td>
      <Table.Td>
        {stay.movedByName ?? (
          <Text span c="dimmed" inherit>
            –
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
