import {
  type AlarmSummary,
  type Bill,
  type Deposit,
  formatDateTime,
  formatMoney,
  parseIri,
  sizeOf,
  UNFISCALIZED_ALARM_HOURS,
} from '@kovanica/contract';
import { ActionIcon, Indicator, Menu, Text, VisuallyHidden } from '@mantine/core';
import { IconAlarm, IconAlertTriangle, IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { billSubject } from '../../features/bills/bill-errors.ts';
import { useAccess } from '../../lib/access.ts';
import { alarmSummaryQuery } from '../../lib/apis/alarms.ts';
import { deferredApi } from '../../lib/resource-api.ts';
import { alarmedBills, NOTIFICATIONS_SHOWN, UNFISCALIZED_BILLS, UNVERIFIED_DEPOSIT_STATUSES } from '../../lib/resources.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';

// On every screen: the lists' schemas are built at the first fetch, after the screen's start.
const depositsApi = deferredApi('deposits', () => import('../../lib/apis/deposits.ts').then((m) => m.depositsApi));
const billsApi = deferredApi('bills', () => import('../../lib/apis/bills.ts').then((m) => m.billsApi));

const REFRESH_MS = 60_000;
const ALARM_MS = UNFISCALIZED_ALARM_HOURS * 3_600_000;

/**
 * The header's notifications: a bell with the number of alarms nobody has taken, unverified deposits
 * and unfiscalized bills. It opens on the open alarms (how many, and what they cost an hour, a link to
 * their list), then the last ten deposits and bills — a deposit links to that device's deposits, a bill
 * to its page; bills waiting longer than 24 h for their JIR are in red under an alarm. Each section is
 * for roles that read it in a company with its module; the bell shows for any. `dark` is the mobile
 * top bar's variant.
 */
export function NotificationsBell({ dark = false }: { dark?: boolean }) {
  const access = useAccess();
  const alarms = access.can('alarms.read');
  const deposits = access.can('deposits.read') && access.hasModule('deposits');
  const bills = access.can('bills.read') && access.hasModule('bills');
  if (!alarms && !deposits && !bills) return null;
  return <Bell dark={dark} alarms={alarms} deposits={deposits} bills={bills} />;
}

function Bell({
  dark,
  alarms: withAlarms,
  deposits: withDeposits,
  bills: withBills,
}: {
  dark: boolean;
  alarms: boolean;
  deposits: boolean;
  bills: boolean;
}) {
  const { t } = useTranslation();
  const countId = useId();
  const { accountInfo } = useSession();
  const view = viewOf(accountInfo);
  const alarms = useQuery({ ...alarmSummaryQuery(view), refetchInterval: REFRESH_MS, enabled: withAlarms });
  const deposits = useQuery({
    ...depositsApi.list({ status: UNVERIFIED_DEPOSIT_STATUSES, itemsPerPage: NOTIFICATIONS_SHOWN }),
    refetchInterval: REFRESH_MS,
    enabled: withDeposits,
  });
  const bills = useQuery({
    ...billsApi.list(UNFISCALIZED_BILLS),
    refetchInterval: REFRESH_MS,
    enabled: withBills,
  });
  const now = Date.now();
  const alarmed = useQuery({
    ...billsApi.list(alarmedBills(now)),
    refetchInterval: REFRESH_MS,
    enabled: withBills,
  });
  const depositTotal = withDeposits && deposits.data ? sizeOf(deposits.data).total : 0;
  const billTotal = withBills && bills.data ? sizeOf(bills.data).total : 0;
  const alarmTotal = withBills && alarmed.data ? sizeOf(alarmed.data).total : 0;
  const alarmsWaiting = withAlarms && alarms.data ? alarms.data.open : 0;
  const total = alarmsWaiting + depositTotal + billTotal;

  return (
    <Indicator label={total > 99 ? '99+' : total} size={18} color="red.9" disabled={total === 0} offset={6} zIndex={1}>
      <Menu position="bottom-end" shadow="md" width={360} withinPortal>
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
        <Menu.Dropdown mah="80vh" style={{ overflowY: 'auto' }}>
          {/* Its own component: the lines (and their dates) are made when the menu opens, not on every screen's start. */}
          <BellItems
            alarms={withAlarms ? (alarms.data ?? null) : undefined}
            deposits={withDeposits ? deposits : null}
            bills={withBills ? bills : null}
            depositTotal={depositTotal}
            billTotal={billTotal}
            alarmTotal={alarmTotal}
            now={now}
          />
        </Menu.Dropdown>
      </Menu>
      <VisuallyHidden id={countId}>
        {[
          withAlarms ? t('layout.openAlarmsCount', { count: alarmsWaiting }) : null,
          withDeposits ? t('layout.unverifiedDepositsCount', { count: depositTotal }) : null,
          withBills ? t('layout.unfiscalizedBillsCount', { count: billTotal }) : null,
        ]
          .filter(Boolean)
          .join('. ')}
      </VisuallyHidden>
    </Indicator>
  );
}

type ListAnswer<T> = { data?: { member: T[] } | undefined; isPending: boolean };

interface BellItemsProps {
  /** The open alarms at a glance (null while they load), undefined when the user's bell has no alarms section. */
  alarms: AlarmSummary | null | undefined;
  /** The last unverified deposits, null when the user's bell has no deposits section. */
  deposits: ListAnswer<Deposit> | null;
  bills: ListAnswer<Bill> | null;
  depositTotal: number;
  billTotal: number;
  alarmTotal: number;
  /** The minute the alarm is counted from. */
  now: number;
}

/** The open bell's lines: the last deposits and bills, with links to all of them. */
function BellItems({ alarms, deposits, bills, depositTotal, billTotal, alarmTotal, now }: BellItemsProps) {
  const { t } = useTranslation();
  const withAlarms = alarms !== undefined;
  const withDeposits = deposits !== null;
  const withBills = bills !== null;
  const empty = (pending: boolean) => (
    <Text size="sm" c="dimmed" px="sm" py="xs">
      {pending ? t('app.loading') : t('dataTable.empty')}
    </Text>
  );

  return (
    <>
      {withAlarms && (
        <>
          <Menu.Label>{t('layout.alarms')}</Menu.Label>
          {alarms === null ? (
            empty(true)
          ) : alarms.open + alarms.acknowledged === 0 ? (
            <Text size="sm" c="dimmed" px="sm" py="xs">
              {t('layout.noOpenAlarms')}
            </Text>
          ) : (
            <Menu.Item
              leftSection={<IconAlertTriangle size={18} color="var(--mantine-color-red-9)" aria-hidden />}
              renderRoot={(props) => <Link to="/alarms/list" {...props} />}
            >
              <Text size="sm" span c={alarms.open > 0 ? 'red.9' : undefined} fw={alarms.open > 0 ? 700 : undefined}>
                {t('layout.openAlarms', { count: alarms.open })}
              </Text>
              <Text size="xs" c="dimmed">
                {[
                  alarms.acknowledged > 0 ? t('layout.takenAlarms', { count: alarms.acknowledged }) : null,
                  alarms.lossCentsPerHour > 0 ? t('layout.alarmsLoss', { amount: formatMoney(alarms.lossCentsPerHour) }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Menu.Item>
          )}
        </>
      )}
      {withAlarms && (withDeposits || withBills) && <Menu.Divider />}
      {withDeposits && (
        <>
          <Menu.Label>{t('layout.unverifiedDeposits')}</Menu.Label>
          {(deposits.data?.member ?? []).length === 0
            ? empty(deposits.isPending)
            : (deposits.data?.member ?? []).map((d) => (
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
                    {/* A device standing nowhere has no location to name: the part is left out, not dashed. */}
                    {` — ${[d.locationName, formatDateTime(d.at)].filter(Boolean).join(' — ')}`}
                  </Text>
                </Menu.Item>
              ))}
          {depositTotal > 0 && (
            <Menu.Item renderRoot={(props) => <Link to="/deposits/list" search={{ status: 'unverified' }} {...props} />}>
              <Text size="sm" c="indigo.9" span>
                {t('layout.allUnverifiedDeposits', { count: depositTotal })}
              </Text>
            </Menu.Item>
          )}
        </>
      )}
      {withDeposits && withBills && <Menu.Divider />}
      {withBills && (
        <>
          <Menu.Label>{t('layout.unfiscalizedBills')}</Menu.Label>
          {alarmTotal > 0 && (
            <Menu.Item
              leftSection={<IconAlarm size={18} color="var(--mantine-color-red-9)" aria-hidden />}
              renderRoot={(props) => <Link to="/bills/unfiscalized" {...props} />}
            >
              <Text size="sm" c="red.9" fw={700} span>
                {t('layout.unfiscalizedAlarm', { count: alarmTotal })}
              </Text>
            </Menu.Item>
          )}
          {(bills.data?.member ?? []).length === 0
            ? empty(bills.isPending)
            : (bills.data?.member ?? []).map((b) => {
                const late = now - Date.parse(b.issuedAt) >= ALARM_MS;
                return (
                  <Menu.Item key={b['@id']} renderRoot={(props) => <Link to="/bills/$id" params={{ id: String(b.id) }} {...props} />}>
                    <Text size="sm" span c={late ? 'red.9' : undefined}>
                      <Text span inherit fw={600}>
                        {b.number}
                      </Text>
                      {` — ${billSubject(b, t)} — ${formatDateTime(b.issuedAt)} — ${formatMoney(b.totalCents)}`}
                    </Text>
                  </Menu.Item>
                );
              })}
          {billTotal > 0 && (
            <Menu.Item renderRoot={(props) => <Link to="/bills/unfiscalized" {...props} />}>
              <Text size="sm" c="indigo.9" span>
                {t('layout.allUnfiscalizedBills', { count: billTotal })}
              </Text>
            </Menu.Item>
          )}
        </>
      )}
    </>
  );
}
