import { type Device, formatDate, formatDateTime, formatMoney, parseIri } from '@kovanica/contract';
import { Badge, Group, Skeleton, Text } from '@mantine/core';
import { type QueryClient, useQueries, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/data-table/index.ts';
import { DeviceStateBadges, stateText } from '../../components/device-state.tsx';
import { fetchReferenceLabel } from '../../components/reference-select.tsx';
import { TagBadge } from '../../components/tag-badge.tsx';
import { tagsApi } from '../../lib/apis/tags.ts';

const f = (field: string) => `resources.devices.fields.${field}`;

const dimmed = (text: string) => (
  <Text span c="dimmed" inherit>
    {text}
  </Text>
);

/** A device's tags as coloured badges, each read once through the query cache (shared by all rows). */
function TagBadges({ tags }: { tags: string[] }) {
  const ids = tags.flatMap((iri) => {
    const id = parseIri('tags', iri);
    return id === null ? [] : [id];
  });
  const details = useQueries({ queries: ids.map((id) => tagsApi.detail(id)) });
  if (ids.length === 0) return dimmed('—');
  return (
    <Group gap={4}>
      {details.map((d, i) =>
        d.data ? (
          <TagBadge key={d.data['@id']} name={d.data.name} colour={d.data.colour} />
        ) : (
          <Skeleton key={ids[i]} height={18} width={48} radius="sm" />
        ),
      )}
    </Group>
  );
}

async function tagNames(queryClient: QueryClient, tags: string[]): Promise<string> {
  const names = await Promise.all(tags.map((iri) => fetchReferenceLabel(queryClient, tagsApi, iri)));
  return names.filter((n): n is string => n !== null).join(', ');
}

/** The columns of the device list (the table adds the company column in the All Companies view). */
export function useDeviceColumns(): Column<Device>[] {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMemo(() => {
    const group = (d: Device) => t(`resources.devices.groups.${d.group}`);
    const applied = (d: Device) => t(d.fiscalizeApplied ? 'resources.devices.yes' : 'resources.devices.no');
    const columns: Column<Device>[] = [
      { key: 'name', label: f('name'), sortField: 'name', render: (d) => d.name, exportValue: (d) => d.name },
      { key: 'group', label: f('group'), sortField: 'group', render: group, exportValue: group },
      { key: 'imei', label: f('imei'), render: (d) => d.imei ?? dimmed('—'), exportValue: (d) => d.imei },
      { key: 'location', label: f('location'), render: (d) => d.locationName ?? dimmed('—'), exportValue: (d) => d.locationName },
      {
        key: 'status',
        label: f('status'),
        render: (d) => <DeviceStateBadges state={d.state} />,
        exportValue: (d) => stateText(d.state, t),
      },
      {
        key: 'cashInBoxCents',
        label: f('cashInBoxCents'),
        align: 'right',
        render: (d) => formatMoney(d.state.cashInBoxCents),
        exportValue: (d) => d.state.cashInBoxCents / 100,
      },
      {
        key: 'tokensInBox',
        label: f('tokensInBox'),
        align: 'right',
        render: (d) => d.state.tokensInBox,
        exportValue: (d) => d.state.tokensInBox,
      },
      {
        key: 'lastEmptiedAt',
        label: f('lastEmptiedAt'),
        render: (d) => (d.state.lastEmptiedAt ? formatDateTime(d.state.lastEmptiedAt) : dimmed('—')),
        exportValue: (d) => (d.state.lastEmptiedAt ? formatDateTime(d.state.lastEmptiedAt) : null),
      },
      {
        key: 'playPriceCents',
        label: f('playPriceCents'),
        sortField: 'playPriceCents',
        align: 'right',
        render: (d) => formatMoney(d.playPriceCents),
        // Exports keep amounts as numbers (euros) so a spreadsheet can add them up.
        exportValue: (d) => d.playPriceCents / 100,
      },
      {
        key: 'tokenValueCents',
        label: f('tokenValueCents'),
        align: 'right',
        // A setting seen on the device's page; the list makes room for the state columns.
        defaultHidden: true,
        render: (d) => formatMoney(d.tokenValueCents),
        exportValue: (d) => d.tokenValueCents / 100,
      },
      {
        key: 'cashBoxCapacityCents',
        label: f('cashBoxCapacityCents'),
        align: 'right',
        defaultHidden: true,
        render: (d) => (d.cashBoxCapacityCents === null ? dimmed('—') : formatMoney(d.cashBoxCapacityCents)),
        exportValue: (d) => (d.cashBoxCapacityCents === null ? null : d.cashBoxCapacityCents / 100),
      },
      { key: 'tags', label: f('tags'), render: (d) => <TagBadges tags={d.tags} />, exportValue: (d) => tagNames(queryClient, d.tags) },
      {
        key: 'fiscalizeApplied',
        label: f('fiscalizeApplied'),
        render: (d) => (
          <Badge variant="dot" color={d.fiscalizeApplied ? 'teal.9' : 'gray.7'}>
            {applied(d)}
          </Badge>
        ),
        exportValue: applied,
      },
      {
        key: 'createdAt',
        label: f('createdAt'),
        sortField: 'createdAt',
        defaultHidden: true,
        render: (d) => formatDate(d.createdAt),
        exportValue: (d) => formatDateTime(d.createdAt),
      },
    ];
    return columns;
  }, [t, queryClient]);
}
