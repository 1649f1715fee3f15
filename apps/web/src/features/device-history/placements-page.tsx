import { formatDateTime, type Placement, parseIri } from '@kovanica/contract';
import { Alert, Anchor, Badge, Paper, Skeleton, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { useAccess } from '../../lib/access.ts';
import { isApiError } from '../../lib/api.ts';
import { devicesApi } from '../../lib/resources.ts';
import { placementsQuery } from './api.ts';
import { deviceLabel } from './filters.tsx';
import classes from './placements-page.module.css';

const stem = 'resources.placements';
const f = (field: string) => `${stem}.fields.${field}`;

interface PlacementsPageProps {
  /** The chosen device's IRI, from the URL (`?device=/api/v2/devices/3`), so a link shows the same history. */
  device: string | null;
  onDeviceChange: (device: string | null) => void;
}

/** `/devices/locations`: where one device has stood, newest stay first (original §2). */
export function PlacementsPage({ device, onDeviceChange }: PlacementsPageProps) {
  const { t } = useTranslation();
  const id = device ? parseIri('devices', device) : null;
  const title = t(`${stem}.name`);
  return (
    <>
      <PageHeader title={title} subtitle={t(`${stem}.subtitle`)} />
      <Paper withBorder shadow="xs" radius="md" className={classes.card}>
        <ReferenceSelect
          api={devicesApi}
          optionLabel={deviceLabel}
          label={t(f('device'))}
          placeholder={t(`${stem}.pickPlaceholder`)}
          value={id === null ? null : device}
          onChange={onDeviceChange}
          clearable
          className={classes.picker}
        />
        {id === null ? <Text c="dimmed">{t(`${stem}.pick`)}</Text> : <Stays deviceId={id} title={title} />}
      </Paper>
    </>
  );
}

/**
 * The stays of one device. A plain table rather than the shared data table: the history is a short,
 * read-only sub-collection without ids, paging, filters or export.
 */
function Stays({ deviceId, title }: { deviceId: number; title: string }) {
  const { t } = useTranslation();
  const history = useQuery(placementsQuery(deviceId));
  if (history.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" title={t('dataTable.loadFailed')}>
        {(isApiError(history.error) && history.error.userMessage) || t('errors.genericText')}
      </Alert>
    );
  }
  if (!history.data) return <Skeleton height={96} radius="sm" />;
  if (history.data.member.length === 0) return <Text c="dimmed">{t(`${stem}.empty`)}</Text>;
  return (
    // Focusable, so a keyboard user can scroll the table sideways on a narrow screen.
    <Table.ScrollContainer minWidth={520} type="native" tabIndex={0} role="region" aria-label={title}>
      <Table striped verticalSpacing="sm" aria-label={title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(f('location'))}</Table.Th>
            <Table.Th>{t(f('from'))}</Table.Th>
            <Table.Th>{t(f('to'))}</Table.Th>
            <Table.Th>{t(f('movedBy'))}</Table.Th>
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
      <Table.Td className={classes.time}>{formatDateTime(stay.from)}</Table.Td>
      <Table.Td className={classes.time}>
        {stay.to ? (
          formatDateTime(stay.to)
        ) : (
          <Badge variant="dot" color="teal.9" tt="none">
            {t(`${stem}.now`)}
          </Badge>
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
