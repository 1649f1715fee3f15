import {
  businessDate,
  formatDate,
  formatMoney,
  formatPercent,
  type User,
  type Visit,
  type VisitProposal,
  type VisitStop,
} from '@kovanica/contract';
import { ActionIcon, Button, Checkbox, Group, Modal, Paper, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPrinter, IconUserEdit } from '@tabler/icons-react';
import { type UseQueryResult, useMutation, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Fragment, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import { below, dash, nowrap, strong } from '../../components/data-table/cells.tsx';
import { type Column, DataTable, TableCard, Td, Th } from '../../components/data-table/index.ts';
import { DayInput } from '../../components/day-input.tsx';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { RowLink } from '../../components/list-actions.tsx';
import { RouteMap } from '../../components/map/route-map.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { RowTooltip } from '../../components/row-tooltip.tsx';
import { companiesApi } from '../../lib/apis/companies.ts';
import { usersApi } from '../../lib/apis/users.ts';
import { isIsoDay } from '../../lib/day.ts';
import { useInvalidate } from '../../lib/resource-hooks.ts';
import { useMaxWidth } from '../../lib/screen.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { proposalQuery, visitsApi } from './api.ts';
import { ReasonBadges } from './reason-badges.tsx';
import { formatKm, groupByLocation, mapStops, routeMetres } from './visit-stops.ts';
import classes from './visits.module.css';

const route = getRouteApi('/_app/visits/plan');
const k = (key: string) => `resources.visits.${key}`;

const workerLabel = (user: User) => `${user.name} ${user.surname}`;

/** The people who may drive a round: the company's users with the worker role. */
function WorkerSelect({
  company,
  value,
  onChange,
  label,
}: {
  company: string | undefined;
  value: string | null;
  onChange: (value: string | null) => void;
  label: string;
}) {
  const baseQuery = useMemo(() => ({ role: 'worker', ...(company ? { company } : {}) }), [company]);
  return (
    <ReferenceSelect
      api={usersApi}
      baseQuery={baseQuery}
      searchField="surname"
      optionLabel={workerLabel}
      label={label}
      clearable
      value={value}
      onChange={onChange}
    />
  );
}

/**
 * `/visits/plan`: a manager plans the day's cash collection (docs/rules.md "Visits"). The day's proposal
 * (every device due by the company's rule, in route order, grouped by location) with a box per device to
 * leave it out, the worker, and "Create visit"; under it the day's visits, each reassigned, printed or
 * deleted. In the All Companies view the company is picked (the user's own until changed).
 */
export function VisitsPlanPage() {
  const { t } = useTranslation();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { accountInfo } = useSession();
  const wide = viewOf(accountInfo) === 'all';
  const day = typeof search.day === 'string' && isIsoDay(search.day) ? search.day : businessDate();
  const company = wide
    ? typeof search.company === 'string'
      ? search.company
      : (accountInfo.company_api_endpoint ?? undefined)
    : undefined;
  const setSearch = (next: { day?: string; company?: string }) =>
    void navigate({ search: (prev) => ({ ...prev, ...next, page: undefined }), replace: true });

  const proposal = useQuery(proposalQuery(day, company));
  const baseQuery = useMemo(() => ({ day, ...(company ? { company } : {}) }), [day, company]);

  return (
    <>
      <PageHeader title={t(k('plan.title'))} subtitle={t(k('plan.subtitle'))} />
      <Stack gap="md">
        <Paper withBorder shadow="xs" radius="md" p="md" data-no-print>
          <SimpleGrid cols={{ base: 1, sm: wide ? 2 : 1 }} maw={wide ? 640 : 320}>
            <DayInput label={t(k('day'))} value={day} onChange={(value) => value && setSearch({ day: value })} />
            {wide && (
              <ReferenceSelect
                api={companiesApi}
                view="all"
                label={t(k('company'))}
                required
                value={company ?? null}
                onChange={(value) => value && setSearch({ company: value })}
              />
            )}
          </SimpleGrid>
        </Paper>
        {/* A new proposal (day, company) starts with every device in and no worker chosen. */}
        <ProposalCard key={`${day} ${company ?? ''}`} proposal={proposal} day={day} company={company} wide={wide} />
        <DayVisits day={day} company={company} baseQuery={baseQuery} />
      </Stack>
    </>
  );
}

interface ProposalCardProps {
  proposal: UseQueryResult<VisitProposal>;
  day: string;
  company: string | undefined;
  wide: boolean;
}

function ProposalCard({ proposal, day, company, wide }: ProposalCardProps) {
  const { t, i18n } = useTranslation();
  // Below 48em each device is a card (docs/rules.md "Visits"): no sideways scroll, the money in sight.
  const cards = useMaxWidth('sm');
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [worker, setWorker] = useState<string | null>(null);
  const invalidate = useInvalidate(visitsApi);
  const create = useMutation({
    mutationFn: (devices: string[]) => visitsApi.create({ ...(wide && company ? { company } : {}), day, worker, devices }),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: t(k('plan.created')) });
      return invalidate();
    },
  });
  const data = proposal.data;
  const stops = useMemo(() => data?.stops ?? [], [data]);
  const chosen = useMemo(() => stops.filter((s) => !left.has(s.device)), [stops, left]);
  const expected = chosen.reduce((sum, s) => sum + s.expectedCents, 0);
  const metres = data ? (chosen.length === stops.length ? data.distanceMetres : routeMetres(data.start, chosen)) : 0;
  const groups = useMemo(() => groupByLocation(stops), [stops]);
  const noLocation = t(k('noLocation'));
  // The map draws the route of what goes on the visit: the devices left out are not on it.
  const markers = useMemo(() => mapStops(groupByLocation(chosen), (g) => g.locationName ?? noLocation), [chosen, noLocation]);
  const toggle = (device: string, on: boolean) =>
    setLeft((prev) => {
      const next = new Set(prev);
      if (on) next.delete(device);
      else next.add(device);
      return next;
    });
  const title = t(k('plan.proposal'));

  const rule = data && (
    <Text size="sm" c="dimmed">
      {t(k('plan.rule'), { percent: data.fillPercent, days: data.fullWithinDays })}
    </Text>
  );

  if (data && stops.length === 0) {
    return (
      <Paper withBorder shadow="xs" radius="md" p="md">
        <Text fw={600}>{title}</Text>
        <Text size="sm" mt={4}>
          {t(k('plan.nothingDue'))}
        </Text>
        {rule}
      </Paper>
    );
  }

  const toolbar = (
    <Stack gap={2}>
      <Text fw={600}>{title}</Text>
      {data && (
        <Text size="sm" aria-live="polite">
          {t(k('plan.summary'), {
            chosen: chosen.length,
            count: stops.length,
            expected: formatMoney(expected),
            km: formatKm(metres, i18n.language),
          })}
        </Text>
      )}
    </Stack>
  );

  return (
    <>
      {data && (
        <section aria-label={t(k('plan.map'))} className={classes.map}>
          <RouteMap start={data.start} stops={markers} />
        </section>
      )}
      <TableCard
        title={title}
        toolbar={toolbar}
        tools={null}
        status={{ ...proposal, hasData: data !== undefined }}
        failureTitle={t(k('plan.loadFailed'))}
        minWidth={cards ? 0 : 640}
        footer={
          data ? (
            <Stack gap="xs" p="sm">
              {rule}
              <Group align="flex-end" gap="sm">
                <WorkerSelect company={company} value={worker} onChange={setWorker} label={t(k('worker'))} />
                <Button
                  disabled={chosen.length === 0}
                  loading={create.isPending}
                  onClick={() => create.mutate(chosen.map((s) => s.device))}
                >
                  {t(k('plan.create'))}
                </Button>
              </Group>
              {create.isError && <FailureAlert error={create.error} title={t(k('plan.createFailed'))} />}
            </Stack>
          ) : undefined
        }
      >
        <Table
          verticalSpacing="xs"
          horizontalSpacing={8}
          highlightOnHover={!cards}
          aria-busy={proposal.isFetching}
          className={classes.proposal}
          data-cards={cards || undefined}
        >
          <VisuallyHidden component="caption">{title}</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              <Th scope="col" style={{ width: 40 }}>
                <VisuallyHidden>{t(k('plan.include'))}</VisuallyHidden>
              </Th>
              <Th scope="col" ta="right" style={{ width: 48 }}>
                {t(k('position'))}
              </Th>
              <Th scope="col">{t(k('device'))}</Th>
              <Th scope="col">{t(k('reasons'))}</Th>
              <Th scope="col" ta="right">
                {t(k('fill'))}
              </Th>
              <Th scope="col" ta="right">
                {t(k('expected'))}
              </Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {groups.map((group) => (
              <Fragment key={group.key}>
                <Table.Tr className={classes.groupRow}>
                  <Th scope="colgroup" colSpan={6}>
                    {strong(group.locationName ?? t(k('noLocation')))}
                    {group.address && <span className={classes.address}> · {group.address}</span>}
                  </Th>
                </Table.Tr>
                {group.stops.map((stop) => (
                  <ProposalRow key={stop.device} stop={stop} included={!left.has(stop.device)} onToggle={toggle} cards={cards} />
                ))}
              </Fragment>
            ))}
          </Table.Tbody>
          {data && stops.length > 0 && (
            <Table.Tfoot className={classes.totals}>
              <Table.Tr>
                <Th scope="row" colSpan={5} ta="right">
                  {t(k('plan.total'), { km: formatKm(metres, i18n.language) })}
                </Th>
                <Td ta="right" data-label={cards ? t(k('expected')) : undefined}>
                  {nowrap(formatMoney(expected))}
                </Td>
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </TableCard>
    </>
  );
}

function ProposalRow({
  stop,
  included,
  onToggle,
  cards,
}: {
  stop: VisitStop;
  included: boolean;
  onToggle: (device: string, on: boolean) => void;
  /** Drawn as a card (a phone): the figures under their labels (`data-label`, the CSS reads it). */
  cards: boolean;
}) {
  const { t } = useTranslation();
  const label = (key: string) => (cards ? t(k(key)) : undefined);
  return (
    <Table.Tr data-left-out={!included || undefined} className={included ? undefined : classes.leftOut}>
      <Td>
        <Checkbox
          checked={included}
          onChange={(event) => onToggle(stop.device, event.currentTarget.checked)}
          aria-label={t(k('plan.includeDevice'), { name: stop.deviceName })}
        />
      </Td>
      <Td ta="right">{stop.position}</Td>
      <Td>
        {strong(stop.deviceName)}
        {stop.fullOn && below(t(k('fullOn'), { day: formatDate(stop.fullOn) }))}
      </Td>
      <Td>
        <ReasonBadges reasons={stop.reasons} />
      </Td>
      <Td ta="right" data-label={label('fill')}>
        {stop.fillPercent === null ? dash : nowrap(formatPercent(stop.fillPercent))}
      </Td>
      <Td ta="right" data-label={label('expected')}>
        {nowrap(formatMoney(stop.expectedCents))}
      </Td>
    </Table.Tr>
  );
}

/** The day's visits: worker, stops done of all, the cash expected; reassign, print, delete. */
function DayVisits({
  day,
  company,
  baseQuery,
}: {
  day: string;
  company: string | undefined;
  baseQuery: { day: string; company?: string };
}) {
  const { t, i18n } = useTranslation();
  const [reassigning, setReassigning] = useState<Visit | null>(null);
  const columns = useMemo<Column<Visit>[]>(
    () => [
      {
        key: 'worker',
        label: k('worker'),
        render: (v) => (v.workerName ? strong(v.workerName) : t(k('unassigned'))),
        exportValue: (v) => v.workerName,
        card: 'title',
      },
      {
        key: 'stops',
        label: k('stopsDone'),
        align: 'right',
        render: (v) => nowrap(t(k('doneOf'), { done: v.stopsDone, total: v.stops.length })),
        exportValue: (v) => `${v.stopsDone}/${v.stops.length}`,
        card: 'figure',
      },
      {
        key: 'expected',
        label: k('expected'),
        align: 'right',
        render: (v) => nowrap(formatMoney(v.expectedCents)),
        exportValue: (v) => v.expectedCents / 100,
        card: 'figure',
      },
      {
        key: 'distance',
        label: k('distance'),
        align: 'right',
        render: (v) => nowrap(formatKm(v.distanceMetres, i18n.language)),
        exportValue: (v) => Math.round(v.distanceMetres / 100) / 10,
        card: 'figure',
      },
    ],
    [t, i18n.language],
  );
  const rowActions = (v: Visit) => {
    const name = v.workerName ?? t(k('unassigned'));
    return (
      <>
        <RowTooltip label={t(k('reassign.action'), { name })}>
          <ActionIcon variant="subtle" aria-label={t(k('reassign.action'), { name })} onClick={() => setReassigning(v)}>
            <IconUserEdit size={18} aria-hidden />
          </ActionIcon>
        </RowTooltip>
        <RowTooltip label={t(k('sheet.action'), { name })}>
          <ActionIcon
            variant="subtle"
            renderRoot={(props) => <RowLink to="/visits/sheet/$id" id={v.id} {...props} />}
            aria-label={t(k('sheet.action'), { name })}
          >
            <IconPrinter size={18} aria-hidden />
          </ActionIcon>
        </RowTooltip>
        <ConfirmDelete api={visitsApi} id={v.id} name={t(k('visitOf'), { name, day: v.day })} />
      </>
    );
  };
  const title = t(k('plan.dayVisits'));
  return (
    <>
      <DataTable
        api={visitsApi}
        columns={columns}
        baseQuery={baseQuery}
        companyColumn={false}
        title={title}
        toolbar={<Text fw={600}>{title}</Text>}
        storageId="visits-day"
        rowActions={rowActions}
        emptyText={t(k('plan.noVisits'))}
      />
      <ReassignModal visit={reassigning} company={company} day={day} onClose={() => setReassigning(null)} />
    </>
  );
}

function ReassignModal({
  visit,
  company,
  onClose,
}: {
  visit: Visit | null;
  company: string | undefined;
  day: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={visit !== null}
      onClose={onClose}
      title={t(k('reassign.title'))}
      closeButtonProps={{ 'aria-label': t(k('close')) }}
      centered
    >
      {visit && <ReassignForm visit={visit} company={company ?? visit.company} onDone={onClose} />}
    </Modal>
  );
}

function ReassignForm({ visit, company, onDone }: { visit: Visit; company: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [worker, setWorker] = useState<string | null>(visit.worker);
  const invalidate = useInvalidate(visitsApi);
  const save = useMutation({
    mutationFn: () => visitsApi.patch(visit.id, { worker }),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: t(k('reassign.done')) });
      onDone();
      await invalidate();
    },
  });
  return (
    <Stack>
      <WorkerSelect company={company} value={worker} onChange={setWorker} label={t(k('worker'))} />
      {save.isError && <FailureAlert error={save.error} title={t(k('reassign.failed'))} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t(k('cancel'))}
        </Button>
        <Button loading={save.isPending} onClick={() => save.mutate()}>
          {t(k('reassign.submit'))}
        </Button>
      </Group>
    </Stack>
  );
}
