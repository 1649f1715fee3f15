import { formatDateTime, type Logger, loggerFieldsDescription, parseIri } from '@kovanica/contract';
import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, describedColumns } from '../../components/data-table/index.ts';
import { useAccess } from '../../lib/access.ts';

const dimmed = (text: string) => (
  <Text span c="dimmed" inherit>
    {text}
  </Text>
);

/**
 * The columns of the logger list, as the contract describes them (`loggerFieldsDescription`), with the
 * cells their kind cannot draw: the fitted device, a link to it, and a logger never heard from, and
 * their places on a phone's card. The table adds the company column in the All Companies view.
 */
export function useLoggerColumns(): Column<Logger>[] {
  const { t } = useTranslation();
  const { can } = useAccess();
  const linkDevices = can('devices.update');
  return useMemo(() => {
    const never = t('resources.loggers.never');
    return describedColumns<Logger>(loggerFieldsDescription, t, {
      // A phone's card (below 48em): the IMEI, the device it is fitted in, when and how it was last heard.
      imei: { card: 'title' },
      serial: { card: 'figure' },
      lastTransport: { card: 'figure' },
      device: {
        card: 'subtitle',
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
      },
      lastSeenAt: {
        card: 'figure',
        render: (l) => (l.lastSeenAt ? formatDateTime(l.lastSeenAt) : dimmed(never)),
        exportValue: (l) => (l.lastSeenAt ? formatDateTime(l.lastSeenAt) : never),
      },
    });
  }, [t, linkDevices]);
}
