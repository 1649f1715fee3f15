import { type Alarm, alarmFieldsDescription, type Device, formatMoney } from '@kovanica/contract';
import { ActionIcon, Button, Group, Paper, Text } from '@mantine/core';
import { IconBellCheck, IconChecks } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, describedFilters, type Filter } from '../../components/data-table/index.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { RowTooltip } from '../../components/row-tooltip.tsx';
import { useAccess } from '../../lib/access.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import {
  alarmLabel,
  alarmSummaryQuery,
  devicesApi,
  locationsApi,
  OPEN_ALARM_STATUSES,
  openAlarmsSource,
  resolvedAlarmsSource,
  useAcknowledgeAlarms,
} from './api.ts';
import { useAlarmColumns } from './columns.tsx';

const k = (key: string) => `resources.alarms.${key}`;

/** Devices are told apart by their logger's IMEI where names repeat across locations. */
const deviceLabel = (d: Device) => (d.imei ? `${d.name} (${d.imei})` : d.name);

/**
 * Kind, status, device, location and when raised, as the contract describes them; the open list's
 * status is one of the two whose condition lasts, and the history has none (every row is resolved).
 */
function alarmFilters(list: 'open' | 'history'): readonly Filter[] {
  const described = describedFilters(alarmFieldsDescription, {
    status: { options: OPEN_ALARM_STATUSES.map((value) => ({ value, label: k(`statuses.${value}`) })) },
    device: { render: (props) => <ReferenceSelect api={devicesApi} optionLabel={deviceLabel} clearable {...props} /> },
    location: { render: (props) => <ReferenceSelect api={locationsApi} clearable {...props} /> },
  });
  // The kind and the status first, as the deposits have theirs; the period last.
  const first = list === 'open' ? ['kind', 'status'] : ['kind'];
  return [
    ...first.flatMap((field) => described.filter((filter) => filter.field === field)),
    ...described.filter((filter) => !['kind', 'status'].includes(filter.field)),
    { field: 'raisedAt', label: k('fields.raisedAt'), kind: 'date-range' },
  ];
}
const OPEN_FILTERS = alarmFilters('open');
const HISTORY_FILTERS = alarmFilters('history');

/**
 * What the view's open alarms cost each hour they stay open, all of them, whatever the filters and
 * the page: shown once it is known, and not at all when it cannot be told (too many to add up).
 */
function LossNow() {
  const { t } = useTranslation();
  const { accountInfo } = useSession();
  const summary = useQuery(alarmSummaryQuery(viewOf(accountInfo)));
  if (summary.data === undefined) return null;
  const loss = summary.data.lossCentsPerHour;
  return (
    <Paper withBorder radius="md" px="md" py="xs" role="status" aria-live="polite">
      <Text size="sm" c="dimmed">
        {t(k('lossNow.label'))}
      </Text>
      <Text fw={700} size="lg" c={loss > 0 ? 'red.9' : undefined}>
        {t(k('lossNow.perHour'), { amount: formatMoney(loss) })}
      </Text>
    </Paper>
  );
}

/**
 * `/alarms/list`: the alarms whose condition lasts (open or acknowledged), the dearest first: what the
 * device would take in this hour. Anyone who reads them acknowledges one ("I am on it") or the
 * selected ones at once; each resolves by itself when its condition ends (docs/rules.md "Alarms").
 */
export function OpenAlarmsPage() {
  const { t } = useTranslation();
  const access = useAccess();
  const { accountInfo } = useSession();
  const columns = useAlarmColumns('open');
  const canAcknowledge = access.can('alarms.acknowledge');
  const acknowledge = useAcknowledgeAlarms();
  const [selected, setSelected] = useState<Alarm[]>([]);
  const title = t(k('open.title'));

  const rowActions = (a: Alarm) =>
    a.status === 'open' ? (
      <RowTooltip label={t(k('acknowledgeRow'), { name: alarmLabel(a, t) })}>
        <ActionIcon
          variant="subtle"
          color="blue.9"
          aria-label={t(k('acknowledgeRow'), { name: alarmLabel(a, t) })}
          loading={acknowledge.isPending && acknowledge.variables?.length === 1 && acknowledge.variables[0]?.id === a.id}
          onClick={() => acknowledge.mutate([a])}
        >
          <IconBellCheck size={18} aria-hidden />
        </ActionIcon>
      </RowTooltip>
    ) : null;

  const toolbar = canAcknowledge && (
    <Group gap="xs" wrap="nowrap">
      <Button
        leftSection={<IconChecks size={16} aria-hidden />}
        disabled={selected.length === 0}
        loading={acknowledge.isPending && (acknowledge.variables?.length ?? 0) > 1}
        onClick={() => acknowledge.mutate(selected)}
      >
        {t(k('acknowledgeSelected'))}
      </Button>
      <Text size="sm" c="dimmed" aria-live="polite">
        {selected.length > 0 && t(k('selectedCount'), { count: selected.length })}
      </Text>
    </Group>
  );

  return (
    <>
      <PageHeader title={title} subtitle={t(k('open.subtitle'))} actions={<LossNow />} />
      <DataTable
        api={openAlarmsSource}
        columns={columns}
        filters={OPEN_FILTERS}
        title={title}
        storageId={viewOf(accountInfo) === 'all' ? 'alarms-all' : 'alarms'}
        emptyText={t(k('open.empty'))}
        rowActions={canAcknowledge ? rowActions : undefined}
        toolbar={toolbar}
        selectable={canAcknowledge ? (a) => a.status === 'open' : undefined}
        onSelectionChange={setSelected}
        selectLabel={(a) => t(k('selectRow'), { name: alarmLabel(a, t) })}
      />
    </>
  );
}

/** `/alarms/history`: the alarms whose condition ended, the last resolved first, with who acknowledged them. */
export function AlarmHistoryPage() {
  const { t } = useTranslation();
  const { accountInfo } = useSession();
  const columns = useAlarmColumns('history');
  const title = t(k('history.title'));
  return (
    <>
      <PageHeader title={title} subtitle={t(k('history.subtitle'))} />
      <DataTable
        api={resolvedAlarmsSource}
        columns={columns}
        filters={HISTORY_FILTERS}
        title={title}
        storageId={viewOf(accountInfo) === 'all' ? 'alarm-history-all' : 'alarm-history'}
        emptyText={t(k('history.empty'))}
      />
    </>
  );
}
