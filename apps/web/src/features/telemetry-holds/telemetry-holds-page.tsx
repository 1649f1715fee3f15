import {
  formatDateTime,
  formatMoney,
  type HoldStatus,
  holdRules,
  holdStatuses,
  parseIri,
  type TelemetryHold,
  telemetryHoldDecision,
} from '@kovanica/contract';
import { ActionIcon, Anchor, Badge, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { below, dash, WARNING_COLOUR } from '../../components/data-table/cells.tsx';
import { type Column, DataTable, type Filter } from '../../components/data-table/index.ts';
import { FailureAlert, failureText } from '../../components/failure-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { RowTooltip } from '../../components/row-tooltip.tsx';
import { useAccess } from '../../lib/access.ts';
import { exportMoney } from '../../lib/export/table.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { devicesApi, type HoldAction, telemetryHoldsApi, useDecideHold } from './api.ts';

const k = (key: string) => `resources.telemetry-holds.${key}`;
const f = (field: string) => k(`fields.${field}`);

/** Waiting is the warning colour (dark text on yellow); decided ones are quiet. */
const statusBadge: Record<HoldStatus, { color: string; variant: 'filled' | 'outline' }> = {
  held: { color: WARNING_COLOUR, variant: 'filled' },
  released: { color: 'teal.9', variant: 'outline' },
  discarded: { color: 'gray.7', variant: 'outline' },
};

const filters: readonly Filter[] = [
  {
    field: 'device',
    label: f('device'),
    kind: 'custom',
    render: (props) => <ReferenceSelect api={devicesApi} clearable {...props} />,
  },
  { field: 'status', label: f('status'), kind: 'select', options: holdStatuses.map((s) => ({ value: s, label: k(`statuses.${s}`) })) },
  { field: 'rule', label: f('rule'), kind: 'select', options: holdRules.map((r) => ({ value: r, label: k(`rules.${r}`) })) },
  { field: 'receivedAt', label: f('receivedAt'), kind: 'date-range' },
];

/** The device's name, a link to its page for roles that open devices. */
function DeviceCell({ hold }: { hold: TelemetryHold }) {
  const { can } = useAccess();
  const id = parseIri('devices', hold.device);
  if (id === null || !can('devices.update')) return <>{hold.deviceName}</>;
  return (
    <Anchor inherit renderRoot={(props) => <Link to="/devices/edit/$id" params={{ id: String(id) }} {...props} />}>
      {hold.deviceName}
    </Anchor>
  );
}

function useColumns(): Column<TelemetryHold>[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const why = (h: TelemetryHold) => t(k(`ruleText.${h.rule}`), { value: formatMoney(h.valueCents), limit: formatMoney(h.limitCents) });
    const decided = (h: TelemetryHold) =>
      h.decidedAt ? t(k('decidedBy'), { name: h.decidedByName ?? '–', time: formatDateTime(h.decidedAt) }) : null;
    const columns: Column<TelemetryHold>[] = [
      {
        key: 'device',
        label: f('device'),
        render: (h) => (
          <>
            <DeviceCell hold={h} />
            {below(h.loggerImei)}
          </>
        ),
        exportValue: (h) => h.deviceName,
      },
      {
        key: 'receivedAt',
        label: f('receivedAt'),
        sortField: 'receivedAt',
        render: (h) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(h.receivedAt)}</span>,
        exportValue: (h) => formatDateTime(h.receivedAt),
      },
      {
        key: 'rule',
        label: f('rule'),
        render: (h) => (
          <>
            {t(k(`rules.${h.rule}`))}
            {below(why(h))}
          </>
        ),
        exportValue: why,
      },
      {
        key: 'amountCents',
        label: f('amountCents'),
        align: 'right',
        sortField: 'amountCents',
        render: (h) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(h.amountCents)}</span>,
        exportValue: (h) => exportMoney(h.amountCents),
      },
      { key: 'events', label: f('events'), align: 'right', render: (h) => h.events, exportValue: (h) => h.events },
      {
        key: 'status',
        label: f('status'),
        render: (h) => (
          <Stack gap={2} align="flex-start">
            <Badge {...statusBadge[h.status]} autoContrast tt="none">
              {t(k(`statuses.${h.status}`))}
            </Badge>
            {decided(h) && (
              <Text size="xs" c="dimmed">
                {decided(h)}
              </Text>
            )}
          </Stack>
        ),
        exportValue: (h) => t(k(`statuses.${h.status}`)),
      },
      { key: 'decisionNote', label: f('decisionNote'), render: (h) => h.decisionNote ?? dash, exportValue: (h) => h.decisionNote },
      { key: 'decidedBy', label: f('decidedBy'), defaultHidden: true, render: (h) => decided(h) ?? dash, exportValue: decided },
    ];
    return columns;
  }, [t]);
}

/**
 * `/devices/held-telemetry`: the batches held as implausible, newest first; a manager releases one into
 * the figures or discards it, once, with an optional note of why.
 */
export function TelemetryHoldsPage() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const { accountInfo } = useSession();
  const columns = useColumns();
  const title = t(k('name'));
  return (
    <>
      <PageHeader title={title} subtitle={t(k('subtitle'))} />
      <DataTable
        api={telemetryHoldsApi}
        columns={columns}
        filters={filters}
        title={title}
        storageId={viewOf(accountInfo) === 'all' ? 'telemetry-holds-all' : 'telemetry-holds'}
        emptyText={t(k('empty'))}
        rowActions={
          can('telemetry-holds.decide')
            ? (h) =>
                h.status === 'held' ? (
                  <Group gap={4} wrap="nowrap">
                    <Decide hold={h} action="release" />
                    <Decide hold={h} action="discard" />
                  </Group>
                ) : null
            : undefined
        }
      />
    </>
  );
}

const actionLook = {
  release: { icon: IconCheck, color: 'teal.9' },
  discard: { icon: IconTrash, color: 'red.9' },
} as const;

/** A decision's button and its confirmation, which says what it does and takes an optional note. */
function Decide({ hold, action }: { hold: TelemetryHold; action: HoldAction }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [note, setNote] = useState('');
  const decide = useDecideHold();
  const { icon: Icon, color } = actionLook[action];
  const label = t(k(action));
  const dismiss = () => {
    close();
    decide.reset();
  };
  const parsed = telemetryHoldDecision.safeParse({ note: note.trim() || undefined });
  const submit = () => {
    if (!parsed.success) return;
    decide.mutate({ id: hold.id, action, body: parsed.data }, { onSuccess: close });
  };
  return (
    <>
      <RowTooltip label={`${label}: ${hold.deviceName}`}>
        <ActionIcon
          variant="subtle"
          color={color}
          aria-label={`${label}: ${hold.deviceName}`}
          onClick={() => {
            setNote('');
            open();
          }}
        >
          <Icon size={18} aria-hidden />
        </ActionIcon>
      </RowTooltip>
      <Modal
        opened={opened}
        onClose={dismiss}
        title={t(k(`${action}Title`), { device: hold.deviceName })}
        closeButtonProps={{ 'aria-label': t('app.close') }}
        centered
      >
        <Stack>
          <Text>
            {t(k(`${action}Text`), { events: hold.events, amount: formatMoney(hold.amountCents), time: formatDateTime(hold.receivedAt) })}
          </Text>
          <Textarea
            label={t(k('noteLabel'))}
            description={t(k('noteHint'))}
            autosize
            minRows={2}
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            data-autofocus
          />
          {decide.error && <FailureAlert>{failureText(decide.error, t('errors.genericText'))}</FailureAlert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={dismiss}>
              {t('common.cancel')}
            </Button>
            <Button color={color} loading={decide.isPending} disabled={!parsed.success} onClick={submit}>
              {label}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
