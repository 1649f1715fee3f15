import { formatDate, formatDateTime, type Logger, parseIri } from '@kovanica/contract';
import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dash } from '../../components/data-table/cells.tsx';
import type { Column } from '../../components/data-table/index.ts';
import { useAccess } from '../../lib/access.ts';

const f = (field: string) => `resources.loggers.fields.${field}`;

const dimmed = (text: string) => (
  <Text span c="dimmed" inherit>
    {text}
  </Text>
);

/** The columns of the logger list (the table adds the company column in the All Companies view). */
export function useLoggerColumns(): Column<Logger>[] {
  const { t } = useTranslation();
  const { can } = useAccess();
  const linkDevices = can('devices.update');
  return useMemo(() => {
    const never = t('resources.loggers.never');
    const columns: Column<Logger>[] = [
      { key: 'imei', label: f('imei'), sortField: 'imei', render: (l) => l.imei, exportValue: (l) => l.imei },
      { key: 'serial', label: f('serial'), sortField: 'serial', render: (l) => l.serial ?? dash, exportValue: (l) => l.serial },
      { key: 'firmware', label: f('firmware'), render: (l) => l.firmware ?? dash, exportValue: (l) => l.firmware },
      { key: 'simNumber', label: f('simNumber'), render: (l) => l.simNumber ?? dash, exportValue: (l) => l.simNumber },
      {
        key: 'device',
        label: f('device'),
        render: (l) => {
          const id = l.device ? parseIri('devices', l.device) : null;
          if (id === null) return dimmed(t('resources.loggers.notFitted'));
          const name = l.deviceName ?? `#${id}`;
          // The device's page is an edit page: offered to those who may edit devices.
          return linkDevices ? (
            <Anchor inherit renderRoot={(props) => <Link to="/devices/edit/$id" params={{ id: String(id) }} {...props} />}>
              {name}
            </Anchor>
          ) : (
            name
          );
        },
        exportValue: (l) => l.deviceName,
      },
      {
        key: 'lastSeenAt',
        label: f('lastSeenAt'),
        sortField: 'lastSeenAt',
        render: (l) => (l.lastSeenAt ? formatDateTime(l.lastSeenAt) : dimmed(never)),
        exportValue: (l) => (l.lastSeenAt ? formatDateTime(l.lastSeenAt) : never),
      },
      {
        key: 'credentialIssuedAt',
        label: f('credentialIssuedAt'),
        render: (l) => formatDateTime(l.credentialIssuedAt),
        exportValue: (l) => formatDateTime(l.credentialIssuedAt),
      },
      {
        key: 'createdAt',
        label: f('createdAt'),
        sortField: 'createdAt',
        defaultHidden: true,
        render: (l) => formatDate(l.createdAt),
        exportValue: (l) => formatDateTime(l.createdAt),
      },
    ];
    return columns;
  }, [t, linkDevices]);
}
