import { type Command, type CommandStatus, formatDateTime, parseIri } from '@kovanica/contract';
import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { WARNING_COLOUR } from '../../components/data-table/cells.tsx';
import type { Column } from '../../components/data-table/index.ts';
import { useAccess } from '../../lib/access.ts';

const f = (field: string) => `resources.commands.fields.${field}`;

/** Colours with text of at least 4.5:1: dark text on yellow, white on the dark shades, blue on white. */
const statusBadge: Record<CommandStatus, { color: string; variant: 'filled' | 'outline' }> = {
  pending: { color: WARNING_COLOUR, variant: 'filled' },
  delivered: { color: 'blue.9', variant: 'outline' },
  done: { color: 'teal.9', variant: 'filled' },
  failed: { color: 'red.9', variant: 'filled' },
};

const dash = (
  <Text span c="dimmed" inherit>
    —
  </Text>
);

/** The status badge with the times of its steps under it: delivered to the logger, then done. */
function CommandStatusCell({ command, t }: { command: Command; t: TFunction }) {
  return (
    <Stack gap={2} align="flex-start">
      <Badge {...statusBadge[command.status]} autoContrast tt="none">
        {t(`resources.commands.statuses.${command.status}`)}
      </Badge>
      {command.deliveredAt && (
        <Text size="xs" c="dimmed">
          {t('resources.commands.deliveredAtTime', { time: formatDateTime(command.deliveredAt) })}
        </Text>
      )}
      {command.doneAt && (
        <Text size="xs" c="dimmed">
          {t('resources.commands.doneAtTime', { time: formatDateTime(command.doneAt) })}
        </Text>
      )}
    </Stack>
  );
}

/** The device's name, a link to its page for roles that open devices. */
function DeviceCell({ command }: { command: Command }) {
  const { can } = useAccess();
  const id = command.device ? parseIri('devices', command.device) : null;
  if (!command.deviceName) return dash;
  if (id === null || !can('devices.update')) return <>{command.deviceName}</>;
  return (
    <Anchor inherit renderRoot={(props) => <Link to="/devices/edit/$id" params={{ id: String(id) }} {...props} />}>
      {command.deviceName}
    </Anchor>
  );
}

/** The columns of the free ride and reset lists (the table adds the company column in the All Companies view). */
export function useCommandColumns(): Column<Command>[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const status = (c: Command) => t(`resources.commands.statuses.${c.status}`);
    const time = (value: string | null) => (value ? formatDateTime(value) : null);
    const columns: Column<Command>[] = [
      { key: 'device', label: f('device'), render: (c) => <DeviceCell command={c} />, exportValue: (c) => c.deviceName },
      { key: 'reason', label: f('reason'), render: (c) => c.reason ?? dash, exportValue: (c) => c.reason },
      { key: 'requestedBy', label: f('requestedBy'), render: (c) => c.requestedByName ?? dash, exportValue: (c) => c.requestedByName },
      {
        key: 'requestedAt',
        label: f('requestedAt'),
        sortField: 'requestedAt',
        render: (c) => formatDateTime(c.requestedAt),
        exportValue: (c) => formatDateTime(c.requestedAt),
      },
      { key: 'status', label: f('status'), render: (c) => <CommandStatusCell command={c} t={t} />, exportValue: status },
      // Shown under the status already; as columns they go into an export.
      {
        key: 'deliveredAt',
        label: f('deliveredAt'),
        defaultHidden: true,
        render: (c) => time(c.deliveredAt) ?? dash,
        exportValue: (c) => time(c.deliveredAt),
      },
      { key: 'doneAt', label: f('doneAt'), defaultHidden: true, render: (c) => time(c.doneAt) ?? dash, exportValue: (c) => time(c.doneAt) },
    ];
    return columns;
  }, [t]);
}
