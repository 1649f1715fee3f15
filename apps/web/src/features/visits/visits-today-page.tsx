import {
  businessDate,
  type DepositStatus,
  formatDate,
  formatMoney,
  formatPercent,
  formatTime,
  iri,
  parseIri,
  type Visit,
  type VisitStop,
} from '@kovanica/contract';
import { Anchor, Button, Group, Modal, NumberInput, Paper, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCheck, IconExternalLink, IconMapPin, IconPlayerSkipForward, IconPrinter } from '@tabler/icons-react';
import { onlineManager, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BadgeColour, CellBadge } from '../../components/data-table/cells.tsx';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { RouteMap } from '../../components/map/route-map.tsx';
import { MoneyInput } from '../../components/money-input.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { depositsApi } from '../../lib/apis/deposits.ts';
import { usersApi } from '../../lib/apis/users.ts';
import { navigationLinks } from '../../lib/navigate.ts';
import { OFFLINE_GC_TIME } from '../../lib/offline.ts';
import { type CountFigures, failureOf, isConflict, isRetryableStatus, STOP_DONE_KEY } from '../../lib/offline-actions.ts';
import { useOnline } from '../../lib/online.ts';
import { useQueryNow } from '../../lib/query-now.ts';
import { randomKey } from '../../lib/random-key.ts';
import { useSession } from '../../lib/session.ts';
import { type StopAction, useDepositActions, useDismissAction, useStopActions, useStopDone, visitsApi } from './api.ts';
import { formatKm, groupByLocation, mapStops, type StopGroup } from './visit-stops.ts';
import classes from './visits-today.module.css';

const route = getRouteApi('/_app/visits/today');
const k = (key: string) => `resources.visits.${key}`;
const BACK = '/visits/today';

const depositColours: Record<DepositStatus, BadgeColour> = { awaiting_count: 'gray.8', pending_verification: 'blue.9', verified: 'teal.9' };

/**
 * `/visits/today`: today's round, phone first (docs/rules.md "Visits"). A worker sees their own visit;
 * a manager every visit of the day in their company, with a worker filter. Each location with its
 * navigation links, each device with the cash expected and "Emptied" or "Skip"; "Emptied" opens the
 * deposit's count, which comes back here.
 */
export function VisitsTodayPage() {
  const { t } = useTranslation();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { accountInfo, personalInfo } = useSession();
  const isWorker = accountInfo.role === 'worker';
  const day = businessDate();
  const worker = isWorker ? (personalInfo.id === null ? undefined : iri('users', personalInfo.id)) : search.worker;
  const query = useMemo(() => ({ day, ...(worker ? { worker } : {}), itemsPerPage: 50 }), [day, worker]);
  const list = useQueryNow({ ...visitsApi.list(query), gcTime: OFFLINE_GC_TIME });
  const visits = list.data?.member;

  return (
    <>
      <PageHeader title={t(k('today.title'))} subtitle={formatDate(day)} />
      <Stack gap="md" className={classes.page}>
        {!isWorker && (
          <ReferenceSelect
            api={usersApi}
            baseQuery={{ role: 'worker' }}
            searchField="surname"
            optionLabel={(u) => `${u.name} ${u.surname}`}
            label={t(k('worker'))}
            placeholder={t(k('today.allWorkers'))}
            clearable
            maw={360}
            value={search.worker ?? null}
            onChange={(value) => void navigate({ search: value ? { worker: value } : {}, replace: true })}
          />
        )}
        {list.isError && <FailureAlert error={list.error} title={t(k('today.loadFailed'))} onRetry={() => void list.refetch()} />}
        {!visits && !list.isError && <Skeleton height={240} radius="md" />}
        {visits?.length === 0 && (
          <Paper withBorder radius="md" p="lg">
            <Text fw={600}>{t(isWorker ? k('today.noneMine') : k('today.none'))}</Text>
          </Paper>
        )}
        {visits?.map((visit) => (
          <VisitCard key={visit.id} visit={visit} showWorker={!isWorker} />
        ))}
      </Stack>
    </>
  );
}

function VisitCard({ visit, showWorker }: { visit: Visit; showWorker: boolean }) {
  const { t, i18n } = useTranslation();
  const groups = useMemo(() => groupByLocation(visit.stops), [visit.stops]);
  const noLocation = t(k('noLocation'));
  const markers = useMemo(() => mapStops(groups, (g) => g.locationName ?? noLocation), [groups, noLocation]);
  const headingId = `visit-${visit.id}`;
  return (
    <section aria-labelledby={headingId} className={classes.visit}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="xs">
        <div>
          <Title order={2} size="h3" id={headingId}>
            {showWorker ? (visit.workerName ?? t(k('unassigned'))) : t(k('today.yourVisit'))}
          </Title>
          <Text size="sm" c="dimmed">
            {t(k('today.summary'), {
              done: visit.stopsDone,
              count: visit.stops.length,
              expected: formatMoney(visit.expectedCents),
              km: formatKm(visit.distanceMetres, i18n.language),
            })}
          </Text>
        </div>
        <Button
          renderRoot={(props) => <Link {...props} to="/visits/sheet/$id" params={{ id: String(visit.id) }} />}
          variant="default"
          size="sm"
          leftSection={<IconPrinter size={16} aria-hidden />}
        >
          {t(k('sheet.open'))}
        </Button>
      </Group>
      <div className={classes.map}>
        <RouteMap
          start={visit.start}
          stops={markers}
          height="16rem"
          onStopClick={(id) => document.getElementById(`stop-${visit.id}-${id}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
        />
      </div>
      <Stack gap="sm">
        {groups.map((group) => (
          <LocationCard key={group.key} visit={visit} group={group} />
        ))}
      </Stack>
    </section>
  );
}

function LocationCard({ visit, group }: { visit: Visit; group: StopGroup }) {
  const { t } = useTranslation();
  const links = navigationLinks(group.point, group.locationName ?? '');
  const name = group.locationName ?? t(k('noLocation'));
  return (
    <Paper withBorder radius="md" p="sm" className={classes.location} id={`stop-${visit.id}-${group.key}`}>
      <Title order={3} size="h4">
        {name}
      </Title>
      {group.address && <Text size="sm">{group.address}</Text>}
      {links && (
        <Group gap="xs" mt={6} wrap="wrap">
          <Button
            component="a"
            href={links.geo}
            variant="light"
            size="md"
            leftSection={<IconMapPin size={18} aria-hidden />}
            aria-label={t(k('today.navigateTo'), { name })}
          >
            {t(k('today.navigate'))}
          </Button>
          <Anchor href={links.osm} target="_blank" rel="noopener noreferrer" size="sm" className={classes.osm}>
            {t(k('today.osm'))} <IconExternalLink size={14} aria-hidden />
          </Anchor>
        </Group>
      )}
      <ol className={classes.stops}>
        {group.stops.map((stop) => (
          <StopItem key={stop.id ?? stop.device} visit={visit} stop={stop} />
        ))}
      </ol>
    </Paper>
  );
}

function StopItem({ visit, stop }: { visit: Visit; stop: VisitStop }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const online = useOnline();
  const done = useStopDone();
  const actions = useStopActions(visit.id, stop.id);
  const dismiss = useDismissAction();
  const [skipping, setSkipping] = useState(false);
  const [counting, setCounting] = useState(false);
  // When the worker said the box was emptied: an offline count is sent later with this moment (`at`).
  const [emptiedAt, setEmptiedAt] = useState<string | null>(null);
  const startCount = () => {
    setEmptiedAt(new Date().toISOString());
    setCounting(true);
  };
  const stopId = stop.id;
  // The newest action on this stop that is still the worker's business: waiting, on its way, or failed.
  const action = actions.findLast((a) => a.status === 'pending' || a.status === 'error');

  const emptied = () => {
    if (stopId === null) return;
    // Offline the deposit does not exist yet: the count is taken here and travels with the stop.
    if (!onlineManager.isOnline()) {
      startCount();
      return;
    }
    done.mutate(
      { visit: visit.id, stop: stopId, key: randomKey(), body: {} },
      {
        onSuccess: (answer) => {
          const deposit = answer.deposit ? parseIri('deposits', answer.deposit) : null;
          if (deposit !== null) void navigate({ to: '/deposits/count/$id', params: { id: String(deposit) }, search: { back: BACK } });
        },
      },
    );
  };

  // Online, a plain "Emptied" on its way is this screen's own tap: the button shows it, as before.
  const ownTap =
    action?.status === 'pending' &&
    !action.isPaused &&
    done.variables?.key === action.variables.key &&
    !action.variables.body.count &&
    !action.variables.body.skipped;
  const open = stop.status === 'to_do' && stopId !== null && (!action || ownTap);
  return (
    <li
      className={classes.stop}
      data-status={stop.status}
      aria-label={t(k('today.stopLabel'), { position: stop.position, name: stop.deviceName })}
    >
      <div className={classes.stopHead}>
        <span className={classes.position} aria-hidden>
          {stop.position}
        </span>
        <div className={classes.stopText}>
          <Text fw={700}>{stop.deviceName}</Text>
          <Text size="sm">
            {/* A fill not known (no capacity set) is left out rather than shown as a dash. */}
            {stop.fillPercent === null
              ? t(k('today.expectedOnly'), { expected: formatMoney(stop.expectedCents) })
              : t(k('today.expectedFill'), { expected: formatMoney(stop.expectedCents), fill: formatPercent(stop.fillPercent) })}
          </Text>
        </div>
      </div>
      {open && !counting && (
        <>
          <Group gap="xs" grow className={classes.actions}>
            <Button
              size="md"
              color="teal.9"
              leftSection={<IconCheck size={18} aria-hidden />}
              loading={done.isPending && !done.isPaused}
              onClick={emptied}
            >
              {t(k('today.emptied'))}
            </Button>
            <Button
              size="md"
              variant="default"
              leftSection={<IconPlayerSkipForward size={18} aria-hidden />}
              onClick={() => setSkipping(true)}
            >
              {t(k('today.skip'))}
            </Button>
          </Group>
          {online && (
            <Button variant="subtle" size="compact-sm" mt={4} onClick={startCount}>
              {t(k('today.countHere'))}
            </Button>
          )}
        </>
      )}
      {open && counting && stopId !== null && (
        <StopCountForm
          stop={stop}
          onCancel={() => setCounting(false)}
          onCount={(count) => {
            // One action, its key made now: every try sends the same one.
            done.mutate({ visit: visit.id, stop: stopId, key: randomKey(), body: { count, at: emptiedAt ?? new Date().toISOString() } });
            setCounting(false);
          }}
        />
      )}
      {stop.status !== 'to_do' && <StopOutcome stop={stop} />}
      {action && !ownTap && <StopActionState action={action} stop={stop} onDismiss={() => dismiss(action.id)} />}
      <SkipModal opened={skipping} stop={stop} visit={visit} onClose={() => setSkipping(false)} />
    </li>
  );
}

/** The figures of a queued or refused action, as the worker entered them. */
function ActionFigures({ action }: { action: StopAction }) {
  const { t } = useTranslation();
  const { body } = action.variables;
  if (body.skipped) return <Text size="sm">{t(k('today.queuedSkipped'), { note: body.note ?? '' })}</Text>;
  if (!body.count) return <Text size="sm">{t(k('today.queuedEmptied'))}</Text>;
  return (
    <>
      <Text size="sm">
        {t(k('today.yourCount'), { coins: formatMoney(body.count.depositCoinsCents), tokens: body.count.depositTokens })}
      </Text>
      {body.count.note && <Text size="sm">{t(k('today.yourNote'), { note: body.count.note })}</Text>}
    </>
  );
}

/**
 * An action on the stop that is not done with: waiting for a connection, on its way, or refused. A
 * conflict says who did the stop first and when, and keeps the worker's figures beside it; nothing
 * leaves the list until the worker dismisses it.
 */
function StopActionState({
  action,
  stop,
  onDismiss,
  kind = 'stop',
}: {
  action: StopAction;
  stop: VisitStop;
  onDismiss: () => void;
  /** A stop done (or skipped), or a count of its deposit made on the deposit's page. */
  kind?: 'stop' | 'count';
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  if (action.status === 'pending') {
    return (
      <div className={classes.outcome} data-queued>
        <CellBadge color={action.isPaused ? 'yellow.4' : 'blue.9'}>{t(k(action.isPaused ? 'today.waiting' : 'today.sending'))}</CellBadge>
        <ActionFigures action={action} />
      </div>
    );
  }
  const { status, problem } = failureOf(action.error);
  const dismissButton = (
    <Button size="xs" variant="white" color="red" onClick={onDismiss}>
      {t(k('today.dismiss'))}
    </Button>
  );
  if (isConflict(action.error)) {
    // 409 `stop_done` names who did the stop; 412 `deposit_changed` who counted the deposit.
    const extra = (problem ?? {}) as {
      doneByName?: unknown;
      doneAt?: unknown;
      deposit?: unknown;
      reportedByName?: unknown;
      reportedAt?: unknown;
    };
    const text = (v: unknown) => (typeof v === 'string' ? v : null);
    const name = status === 412 ? text(extra.reportedByName) : (text(extra.doneByName) ?? stop.doneByName);
    const at = status === 412 ? text(extra.reportedAt) : (text(extra.doneAt) ?? stop.doneAt);
    const deposit = typeof extra.deposit === 'string' ? extra.deposit : stop.deposit;
    return (
      <FailureAlert title={t(k(status === 412 ? 'today.countConflict' : 'today.conflict'))} mt="xs">
        <Stack gap={6}>
          <Text size="sm">
            {name && at
              ? t(k(status === 412 ? 'today.countedBy' : 'today.conflictBy'), { name, time: formatTime(at) })
              : (problem?.message ?? (name ? t(k('today.doneBy'), { name }) : ''))}
          </Text>
          <ActionFigures action={action} />
          <Group gap="sm">
            {deposit && <DepositLink deposit={deposit} />}
            {dismissButton}
          </Group>
        </Stack>
      </FailureAlert>
    );
  }
  // Not sent after every try (no connection for long, the server failing): sent again on request, same key.
  const retryable = isRetryableStatus(status);
  const again = () => {
    onDismiss();
    void queryClient
      .getMutationCache()
      .build(queryClient, { mutationKey: STOP_DONE_KEY })
      .execute(action.variables)
      .catch(() => undefined);
  };
  return (
    <FailureAlert title={t(k(kind === 'count' ? 'today.countFailed' : 'today.doneFailed'))} mt="xs">
      <Stack gap={6}>
        <Text size="sm">{problem?.message ?? problem?.detail ?? t('errors.genericText')}</Text>
        <ActionFigures action={action} />
        <Group gap="sm">
          {retryable && kind === 'stop' && (
            <Button size="xs" variant="white" color="red" onClick={again}>
              {t('errors.retry')}
            </Button>
          )}
          {dismissButton}
        </Group>
      </Stack>
    </FailureAlert>
  );
}

/** The count given on the stop itself: what travels with "Emptied" when there is no deposit to open yet. */
function StopCountForm({ stop, onCount, onCancel }: { stop: VisitStop; onCount: (count: CountFigures) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [coins, setCoins] = useState<number | null>(null);
  const [tokens, setTokens] = useState<number | ''>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ coins?: string; tokens?: string }>({});
  const d = (key: string) => `resources.deposits.report.${key}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = {
      ...(coins === null ? { coins: t(k('today.countRequired')) } : {}),
      ...(tokens === '' ? { tokens: t(k('today.countRequired')) } : {}),
    };
    setErrors(missing);
    if (coins === null || tokens === '') return;
    onCount({ depositCoinsCents: coins, depositTokens: Number(tokens), ...(note.trim() ? { note: note.trim() } : {}) });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t(k('today.countOf'), { name: stop.deviceName })} className={classes.actions}>
      <Stack gap="xs">
        <Group grow gap="xs" align="flex-start">
          <MoneyInput label={t(d('coins'))} required withAsterisk data-autofocus value={coins} onChange={setCoins} error={errors.coins} />
          <NumberInput
            label={t(d('tokens'))}
            required
            withAsterisk
            min={0}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            inputMode="numeric"
            value={tokens}
            error={errors.tokens}
            onChange={(value) => setTokens(typeof value === 'number' ? value : value === '' ? '' : Number(value))}
          />
        </Group>
        <Textarea
          label={t(d('note'))}
          autosize
          minRows={1}
          maxLength={1000}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        <Group gap="xs" grow>
          <Button type="submit" size="md" color="teal.9" leftSection={<IconCheck size={18} aria-hidden />}>
            {t(k('today.saveCount'))}
          </Button>
          <Button size="md" variant="default" onClick={onCancel}>
            {t(k('cancel'))}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DepositLink({ deposit }: { deposit: string }) {
  const { t } = useTranslation();
  const id = parseIri('deposits', deposit);
  if (id === null) return null;
  return (
    <Anchor
      renderRoot={(props) => <Link {...props} to="/deposits/count/$id" params={{ id: String(id) }} search={{ back: BACK }} />}
      fw={600}
    >
      {t(k('today.openDeposit'))}
    </Anchor>
  );
}

/** A done stop: when and by whom, and its deposit's status (with the count to make while it waits for one). */
function StopOutcome({ stop }: { stop: VisitStop }) {
  const { t } = useTranslation();
  const depositId = stop.deposit ? parseIri('deposits', stop.deposit) : null;
  const deposit = useQuery({ ...depositsApi.detail(depositId ?? 0), enabled: depositId !== null, gcTime: OFFLINE_GC_TIME });
  const depositActions = useDepositActions(depositId);
  const dismiss = useDismissAction();
  if (stop.status === 'skipped') {
    return (
      <div className={classes.outcome}>
        <CellBadge color="gray.7">{t(k('statuses.skipped'))}</CellBadge>
        {stop.note && <Text size="sm">{stop.note}</Text>}
      </div>
    );
  }
  const status = deposit.data?.status ?? stop.depositStatus ?? undefined;
  const counts = depositActions.filter((a) => a.status === 'pending' || a.status === 'error');
  return (
    <>
      <StopDone stop={stop} status={status} />
      {counts.map((action) => (
        <StopActionState key={action.id} action={action} stop={stop} kind="count" onDismiss={() => dismiss(action.id)} />
      ))}
    </>
  );
}

function StopDone({ stop, status }: { stop: VisitStop; status: DepositStatus | undefined }) {
  const { t } = useTranslation();
  return (
    <div className={classes.outcome}>
      <CellBadge color="teal.9">{t(k('statuses.done'))}</CellBadge>
      <Text size="sm">{[stop.doneAt && formatTime(stop.doneAt), stop.doneByName].filter(Boolean).join(' · ')}</Text>
      {status && (
        <CellBadge color={depositColours[status]} variant="outline">
          {t(`resources.deposits.statuses.${status}`)}
        </CellBadge>
      )}
      {stop.deposit && status === 'awaiting_count' && <DepositLink deposit={stop.deposit} />}
    </div>
  );
}

function SkipModal({ opened, stop, visit, onClose }: { opened: boolean; stop: VisitStop; visit: Visit; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(k('skip.title'), { name: stop.deviceName })}
      closeButtonProps={{ 'aria-label': t(k('close')) }}
      centered
    >
      {opened && <SkipForm stop={stop} visit={visit} onDone={onClose} />}
    </Modal>
  );
}

function SkipForm({ stop, visit, onDone }: { stop: VisitStop; visit: Visit; onDone: () => void }) {
  const { t } = useTranslation();
  const done = useStopDone();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (note.trim() === '') {
      setError(t(k('skip.noteRequired')));
      return;
    }
    if (stop.id === null) return;
    done.mutate({ visit: visit.id, stop: stop.id, key: randomKey(), body: { skipped: true, note: note.trim() } }, { onSuccess: onDone });
    // Offline it waits on the stop ("Waiting to send"), to be sent with the connection.
    if (!onlineManager.isOnline()) onDone();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Textarea
          label={t(k('skip.note'))}
          required
          withAsterisk
          autosize
          minRows={2}
          maxLength={1000}
          data-autofocus
          value={note}
          error={error}
          onChange={(event) => {
            setNote(event.currentTarget.value);
            setError(null);
          }}
        />
        {done.isError && !isConflict(done.error) && <FailureAlert error={done.error} title={t(k('today.doneFailed'))} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t(k('cancel'))}
          </Button>
          <Button type="submit" loading={done.isPending && !done.isPaused}>
            {t(k('skip.submit'))}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
