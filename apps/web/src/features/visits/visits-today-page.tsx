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
import { Anchor, Button, Group, Modal, Paper, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCheck, IconExternalLink, IconMapPin, IconPlayerSkipForward, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BadgeColour, CellBadge } from '../../components/data-table/cells.tsx';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { RouteMap } from '../../components/map/route-map.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { isApiError } from '../../lib/api.ts';
import { depositsApi } from '../../lib/apis/deposits.ts';
import { usersApi } from '../../lib/apis/users.ts';
import { navigationLinks } from '../../lib/navigate.ts';
import { useQueryNow } from '../../lib/query-now.ts';
import { useSession } from '../../lib/session.ts';
import { useStopDone, visitsApi } from './api.ts';
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
  const list = useQueryNow(visitsApi.list(query));
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
  const done = useStopDone();
  const [skipping, setSkipping] = useState(false);
  const conflict = done.error && isApiError(done.error) && done.error.status === 409 ? done.error : null;
  const stopId = stop.id;

  const emptied = () => {
    if (stopId === null) return;
    done.mutate(
      { visit: visit.id, stop: stopId, body: {} },
      {
        onSuccess: (answer) => {
          const deposit = answer.deposit ? parseIri('deposits', answer.deposit) : null;
          if (deposit !== null) void navigate({ to: '/deposits/count/$id', params: { id: String(deposit) }, search: { back: BACK } });
        },
      },
    );
  };

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
            {t(k('today.expectedFill'), {
              expected: formatMoney(stop.expectedCents),
              fill: stop.fillPercent === null ? '–' : formatPercent(stop.fillPercent),
            })}
          </Text>
        </div>
      </div>
      {stop.status === 'to_do' && stopId !== null && (
        <Group gap="xs" grow className={classes.actions}>
          <Button size="md" color="teal.9" leftSection={<IconCheck size={18} aria-hidden />} loading={done.isPending} onClick={emptied}>
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
      )}
      {stop.status !== 'to_do' && <StopOutcome stop={stop} />}
      {conflict ? (
        <FailureAlert title={t(k('today.conflict'))} mt="xs">
          {/* The server's words name who did it and when; without them, the stop as it now reads. */}
          {conflict.userMessage ?? (stop.doneByName && t(k('today.doneBy'), { name: stop.doneByName }))}
          {stop.deposit && (
            <>
              {' '}
              <DepositLink deposit={stop.deposit} />
            </>
          )}
        </FailureAlert>
      ) : (
        done.isError && <FailureAlert error={done.error} title={t(k('today.doneFailed'))} mt="xs" onRetry={emptied} />
      )}
      <SkipModal opened={skipping} stop={stop} visit={visit} onClose={() => setSkipping(false)} />
    </li>
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
  const deposit = useQuery({ ...depositsApi.detail(depositId ?? 0), enabled: depositId !== null });
  if (stop.status === 'skipped') {
    return (
      <div className={classes.outcome}>
        <CellBadge color="gray.7">{t(k('statuses.skipped'))}</CellBadge>
        {stop.note && <Text size="sm">{stop.note}</Text>}
      </div>
    );
  }
  const status = deposit.data?.status;
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
    done.mutate({ visit: visit.id, stop: stop.id, body: { skipped: true, note: note.trim() } }, { onSuccess: onDone });
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
        {done.isError && <FailureAlert error={done.error} title={t(k('today.doneFailed'))} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t(k('cancel'))}
          </Button>
          <Button type="submit" loading={done.isPending}>
            {t(k('skip.submit'))}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
