import { formatDateTime, parseIri, sizeOf } from '@kovanica/contract';
import { ActionIcon, Indicator, Menu, Text, VisuallyHidden } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../lib/access.ts';
import { depositsApi, UNVERIFIED_DEPOSIT_STATUSES } from '../../lib/resources.ts';

/** Original §1: the header lists the last 10 unverified deposits (unfiscalized bills join them later). */
const SHOWN = 10;
const REFRESH_MS = 60_000;

/**
 * The header's notifications: a bell with the number of unverified deposits, opening the last ten,
 * each a link to that device's deposits. Only for roles that read deposits in a company with the
 * deposits module. `dark` is the mobile top bar's variant.
 */
export function NotificationsBell({ dark = false }: { dark?: boolean }) {
  const access = useAccess();
  if (!access.can('deposits.read') || !access.hasModule('deposits')) return null;
  return <Bell dark={dark} />;
}

function Bell({ dark }: { dark: boolean }) {
  const { t } = useTranslation();
  const countId = useId();
  const deposits = useQuery({
    ...depositsApi.list({ status: UNVERIFIED_DEPOSIT_STATUSES, itemsPerPage: SHOWN }),
    refetchInterval: REFRESH_MS,
  });
  const total = deposits.data ? sizeOf(deposits.data).total : 0;
  const items = deposits.data?.member ?? [];

  return (
    <Indicator label={total > 99 ? '99+' : total} size={18} color="red.9" disabled={total === 0} offset={6} zIndex={1}>
      <Menu position="bottom-end" shadow="md" width={340} withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color={dark ? 'gray.0' : 'dark'}
            size="lg"
            aria-label={t('layout.notifications')}
            aria-describedby={countId}
          >
            <IconBell size={22} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('layout.unverifiedDeposits')}</Menu.Label>
          {items.length === 0 ? (
            <Text size="sm" c="dimmed" px="sm" py="xs">
              {deposits.isPending ? t('app.loading') : t('dataTable.empty')}
            </Text>
          ) : (
            items.map((d) => (
              <Menu.Item
                key={d['@id']}
                renderRoot={(props) => (
                  <Link to="/deposits/list" search={{ device: parseIri('devices', d.device) ?? undefined }} {...props} />
                )}
              >
                <Text size="sm" span>
                  <Text span inherit fw={600}>
                    {d.deviceName}
                  </Text>
                  {` — ${d.locationName ?? '–'} — ${formatDateTime(d.at)}`}
                </Text>
              </Menu.Item>
            ))
          )}
          {total > 0 && (
            <>
              <Menu.Divider />
              <Menu.Item renderRoot={(props) => <Link to="/deposits/list" search={{ status: 'unverified' }} {...props} />}>
                <Text size="sm" c="indigo.9" span>
                  {t('layout.allUnverifiedDeposits', { count: total })}
                </Text>
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      <VisuallyHidden id={countId}>{t('layout.unverifiedDepositsCount', { count: total })}</VisuallyHidden>
    </Indicator>
  );
}
