import { type Bill, formatDateTime, LATE_DELIVERY_LIMIT_HOURS, sizeOf } from '@kovanica/contract';
import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlarm, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { below, dash, flagged, nowrap } from '../../components/data-table/cells.tsx';
import { type Column, DataTable, type Filter } from '../../components/data-table/index.ts';
import { failureText } from '../../components/failure-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useAccess } from '../../lib/access.ts';
import { billsApi } from '../../lib/apis/bills.ts';
import { alarmedBills, UNFISCALIZED_BILLS } from '../../lib/resources.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import classes from './bill-columns.module.css';
import { useBillColumns } from './bill-columns.tsx';
import { billErrorText } from './bill-errors.ts';
import { deviceFilter, locationFilter, periodFilter } from './bill-filters.tsx';
import { deadlineOf } from './deadline.ts';
import { useSendBills } from './resend.ts';

const k = (key: string) => `bills.unfiscalized.${key}`;

const filters: readonly Filter[] = [deviceFilter, locationFilter, periodFilter];
/** Oldest first: the bills nearest the legal limit lead. */
const BASE_QUERY = { status: 'unfiscalized', 'order[issuedAt]': 'asc' } as const;
const TICK_MS = 30_000;

/** The time, ticking every half minute so the countdowns move while the page is open. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), TICK_MS, { autoInvoke: true });
  return now;
}

/** How many bills a list query of the unfiscalized finds (a count: the bell's own requests, shared). */
function useCount(query: typeof UNFISCALIZED_BILLS | ReturnType<typeof alarmedBills>) {
  const list = useQuery(billsApi.list(query));
  return list.data ? sizeOf(list.data).total : null;
}

/**
 * `/bills/unfiscalized`: the bills CIS has not answered with a JIR yet, oldest first, each with the
 * time left until the legal limit for late delivery (issue + 48 h); those waiting longer than 24 h
 * are flagged, those past the limit are overdue. "Send again" queues the chosen bills, or all of them.
 */
export function UnfiscalizedBillsPage() {
  const { t } = useTranslation();
  const access = useAccess();
  const { accountInfo } = useSession();
  const wide = viewOf(accountInfo) === 'all';
  const canSend = access.can('bills.resend');
  const now = useNow();
  const base = useBillColumns();
  const alarms = useCount(alarmedBills(now)) ?? 0;
  // "Send all again" sends every unfiscalized bill of the view, whatever the filters: none, nothing to send.
  const unfiscalized = useCount(UNFISCALIZED_BILLS);
  const send = useSendBills();
  const [selected, setSelected] = useState<Bill[]>([]);
  const title = t(k('title'));

  const columns = useMemo((): Column<Bill>[] => {
    const pick = (key: string) => {
      const column = base.find((c) => c.key === key);
      if (!column) throw new Error(`[kovanica-web] no bill column ${key}`);
      return column;
    };
    const deadline = (b: Bill) => deadlineOf(b, now);
    const left = (b: Bill) => {
      const d = deadline(b);
      return t(d.overdue ? k('overdueBy') : k('left'), { hours: d.hours, minutes: String(d.minutes).padStart(2, '0') });
    };
    return [
      pick('number'),
      {
        ...pick('issuedAt'),
        render: (b) =>
          deadline(b).alarm
            ? flagged(
                <>
                  <IconAlarm size={16} aria-hidden className={classes.alarm} /> {formatDateTime(b.issuedAt)}
                </>,
                true,
              )
            : nowrap(formatDateTime(b.issuedAt)),
      },
      {
        key: 'deliverBy',
        label: k('deliverBy'),
        render: (b) => {
          const d = deadline(b);
          return (
            <div>
              {d.overdue ? (
                <Badge color="red.9" variant="filled" tt="none" miw="max-content">
                  {t(k('overdue'))}
                </Badge>
              ) : (
                flagged(left(b), d.alarm)
              )}
              {below(nowrap(d.overdue ? left(b) : t(k('until'), { at: formatDateTime(b.deliverBy) })), d.overdue)}
            </div>
          );
        },
        exportValue: (b) => formatDateTime(b.deliverBy),
      },
      pick('device'),
      pick('location'),
      { ...pick('totalCents'), sortField: undefined },
      pick('payment'),
      { ...pick('attempts'), defaultHidden: false },
      {
        key: 'lastError',
        label: 'bills.fields.lastError',
        render: (b) => (b.lastError ? flagged(billErrorText(b.lastError, t), true) : dash),
        exportValue: (b) => (b.lastError ? billErrorText(b.lastError, t) : null),
      },
      pick('kind'),
      pick('premises'),
      pick('isu'),
      pick('zki'),
    ];
  }, [base, now, t]);

  const sendAgain = (bills?: Bill[]) =>
    send.mutate(bills ? { bills: bills.map((b) => b['@id']) } : {}, {
      onSuccess: ({ queued }) => notifications.show({ color: 'teal', message: t(k('queued'), { count: queued }) }),
      onError: (error) =>
        notifications.show({ color: 'red', title: t(k('sendFailed')), message: failureText(error, t('errors.genericText')) }),
    });

  const toolbar = canSend && (
    <Group gap="xs" wrap="wrap">
      <Button
        leftSection={<IconSend size={16} aria-hidden />}
        disabled={selected.length === 0}
        loading={send.isPending && send.variables?.bills !== undefined}
        onClick={() => sendAgain(selected)}
      >
        {t(k('sendSelected'))}
      </Button>
      <Button
        variant="default"
        leftSection={<IconSend size={16} aria-hidden />}
        disabled={unfiscalized === 0}
        loading={send.isPending && send.variables?.bills === undefined}
        onClick={() => sendAgain()}
      >
        {t(k('sendAll'))}
      </Button>
      <Text size="sm" c="dimmed" aria-live="polite">
        {selected.length > 0 && t(k('selectedCount'), { count: selected.length })}
      </Text>
    </Group>
  );

  return (
    <>
      <PageHeader title={title} subtitle={t(k('subtitle'), { hours: LATE_DELIVERY_LIMIT_HOURS })} />
      {alarms > 0 && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlarm aria-hidden />}
          mb="md"
          title={t('layout.unfiscalizedAlarm', { count: alarms })}
        >
          {t(k('alarmHint'), { hours: LATE_DELIVERY_LIMIT_HOURS })}
        </Alert>
      )}
      <DataTable
        api={billsApi}
        columns={columns}
        filters={filters}
        baseQuery={BASE_QUERY}
        title={title}
        storageId={wide ? 'bills-unfiscalized-all' : 'bills-unfiscalized'}
        emptyText={t(k('empty'))}
        toolbar={toolbar}
        selectable={canSend ? () => true : undefined}
        onSelectionChange={setSelected}
        selectLabel={(b) => t(k('selectRow'), { number: b.number })}
      />
    </>
  );
}
