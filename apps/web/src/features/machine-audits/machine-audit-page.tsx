import {
  formatCount,
  formatDateTime,
  type MachineAudit,
  type MachineAuditCounters,
  type MachineAuditEvent,
  parseIri,
} from '@kovanica/contract';
import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconArrowLeft, IconDownload } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditHistorySection } from '../../components/audit-history.tsx';
import cardClasses from '../../components/data-table/cards.module.css';
import { CellBadge, WARNING_COLOUR } from '../../components/data-table/cells.tsx';
import { failureText } from '../../components/failure-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { useMaxWidth } from '../../lib/screen.ts';
import { auditMoney, downloadAuditFile, machineAuditsApi } from './api.ts';
import classes from './machine-audit-page.module.css';

const k = (key: string) => `resources.machine-audits.${key}`;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** The counters in the order a reader checks them: sales by how they were paid, then the cash's way. */
const COUNTERS: readonly { key: keyof MachineAuditCounters; money: boolean }[] = [
  { key: 'paidSalesCents', money: true },
  { key: 'paidVends', money: false },
  { key: 'cashSalesCents', money: true },
  { key: 'cashVends', money: false },
  { key: 'cashlessSalesCents', money: true },
  { key: 'cashlessVends', money: false },
  { key: 'tokenSalesCents', money: true },
  { key: 'tokenVends', money: false },
  { key: 'testVendsCents', money: true },
  { key: 'testVends', money: false },
  { key: 'freeVendsCents', money: true },
  { key: 'freeVends', money: false },
  { key: 'cashInCents', money: true },
  { key: 'cashToBoxCents', money: true },
  { key: 'cashToTubesCents', money: true },
  { key: 'notesInCents', money: true },
  { key: 'dispensedCents', money: true },
  { key: 'manuallyDispensedCents', money: true },
  { key: 'discountsCents', money: true },
  { key: 'overpayCents', money: true },
];

const dashed = '–';
const countOf = (n: number | null) => (n === null ? dashed : formatCount(n));

/** A term and its value, in the page's description list. */
function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={600} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/**
 * A table of the page, named by its card's title: it scrolls sideways in its card if it must, or, with
 * `cards` (below 48em), is a column of cards whose cells say their place (`data-card`: the title, a
 * badge, the subtitle, a figure under its `data-label`), as the lists are (`components/data-table/cards.module.css`).
 */
function AuditTable({
  label,
  head,
  children,
  minWidth,
  cards = false,
}: {
  label: string;
  head: ReactNode;
  children: ReactNode;
  minWidth?: number;
  cards?: boolean;
}) {
  // A phone's narrow card keeps the figures in view: smaller words, less room between the columns.
  const narrow = useMaxWidth('sm');
  if (cards)
    return (
      <Table className={`${classes.table} ${cardClasses.cards}`} data-cards aria-label={label}>
        <Table.Thead>{head}</Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    );
  return (
    <Table.ScrollContainer minWidth={minWidth ?? 0} type="native" tabIndex={0} role="region" aria-label={label}>
      <Table striped verticalSpacing="xs" horizontalSpacing={narrow ? 6 : 'sm'} fz={narrow ? 'sm' : undefined} aria-label={label}>
        <Table.Thead>{head}</Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Who sent the file, from where, whose machine it is of: the page's head card. */
function Overview({ audit }: { audit: MachineAudit }) {
  const { t } = useTranslation();
  const deviceId = audit.device ? parseIri('devices', audit.device) : null;
  return (
    <Portlet title={t(k('detail.overview'))}>
      <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="sm" m={0}>
        <Term label={t(k('fields.device'))}>
          {deviceId === null ? (
            <Anchor component={Link} to="/machine-audits/unassigned" inherit>
              {t(k('toAssign'))}
            </Anchor>
          ) : (
            <Anchor renderRoot={(props) => <Link to="/devices/edit/$id" params={{ id: String(deviceId) }} {...props} />} inherit>
              {audit.deviceName ?? `#${deviceId}`}
            </Anchor>
          )}
        </Term>
        <Term label={t(k('fields.machineSerial'))}>{audit.machineSerial ?? dashed}</Term>
        <Term label={t(k('fields.boardSerial'))}>{audit.boardSerial ?? dashed}</Term>
        <Term label={t(k('fields.machineModel'))}>{audit.machineModel ?? dashed}</Term>
        <Term label={t(k('fields.auditedAt'))}>{formatDateTime(audit.auditedAt)}</Term>
        <Term label={t(k('fields.receivedAt'))}>{formatDateTime(audit.receivedAt)}</Term>
        <Term label={t(k('fields.receivedBy'))}>{audit.receivedByName ?? dashed}</Term>
        <Term label={t(k('fields.source'))}>{t(k(`sources.${audit.source}`))}</Term>
        {audit.currency && <Term label={t(k('fields.currency'))}>{audit.currency}</Term>}
      </SimpleGrid>
    </Portlet>
  );
}

/** What the span since the previous audit means, and a link to that audit. */
function SpanNote({ audit }: { audit: MachineAudit }) {
  const { t } = useTranslation();
  const span = audit.sincePrevious;
  if (!span) return <Text size="sm">{t(audit.device ? k('detail.firstAudit') : k('detail.noSpanUnassigned'))}</Text>;
  const previousId = parseIri('machine-audits', span.previous);
  return (
    <Stack gap="xs">
      <Text size="sm">
        {t(k('detail.previous'), { at: formatDateTime(span.previousAuditedAt) })}{' '}
        {previousId !== null && (
          <Anchor size="sm" renderRoot={(props) => <Link to="/machine-audits/$id" params={{ id: String(previousId) }} {...props} />}>
            {t(k('detail.openPrevious'))}
          </Anchor>
        )}
      </Text>
      {(span.reset || span.replaced) && (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          p="xs"
          title={t(k(span.replaced ? 'span.replaced' : 'span.reset'))}
        >
          {t(k(span.replaced ? 'span.replacedHint' : 'span.resetHint'))}
        </Alert>
      )}
    </Stack>
  );
}

/** The counters: since the machine was initialised, and since the device's previous audit. */
function Counters({ audit }: { audit: MachineAudit }) {
  const { t } = useTranslation();
  const title = t(k('detail.counters'));
  const since = audit.sincePrevious?.counters ?? null;
  const shown = COUNTERS.filter(({ key }) => audit.counters[key] !== null || (since?.[key] ?? null) !== null);
  const value = (n: number | null, money: boolean) => (n === null ? dashed : money ? auditMoney(n, audit.currency) : formatCount(n));
  return (
    <Portlet title={title}>
      <Stack gap="sm">
        <SpanNote audit={audit} />
        {shown.length === 0 ? (
          <Text size="sm">{t(k('detail.noCounters'))}</Text>
        ) : (
          <AuditTable
            label={title}
            head={
              <Table.Tr>
                <Table.Th>{t(k('detail.counter'))}</Table.Th>
                <Table.Th ta="right">{t(k('detail.sinceInit'))}</Table.Th>
                {since && <Table.Th ta="right">{t(k('fields.sincePrevious'))}</Table.Th>}
              </Table.Tr>
            }
          >
            {shown.map(({ key, money }) => (
              <Table.Tr key={key}>
                <Table.Td>{t(k(`counters.${key}`))}</Table.Td>
                <Table.Td ta="right" style={NOWRAP}>
                  {value(audit.counters[key], money)}
                </Table.Td>
                {since && (
                  <Table.Td ta="right" style={NOWRAP}>
                    {value(since[key], money)}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </AuditTable>
        )}
      </Stack>
    </Portlet>
  );
}

/** The audit against telemetry's revenue and the deposits' count for the same span. */
function Reconciliation({ audit }: { audit: MachineAudit }) {
  const { t } = useTranslation();
  const title = t(k('detail.reconciliation'));
  const r = audit.reconciliation;
  if (!r) {
    return (
      <Portlet title={title}>
        <Text size="sm">{t(k('detail.noReconciliation'))}</Text>
      </Portlet>
    );
  }
  const money = (n: number | null | undefined) => (n === null || n === undefined ? dashed : auditMoney(n, audit.currency));
  const span = audit.sincePrevious?.counters;
  const line = (against: string, other: number | null, mine: number | null | undefined, difference: number | null) => (
    <Table.Tr>
      <Table.Td>{t(k(`detail.${against}`))}</Table.Td>
      <Table.Td ta="right" style={NOWRAP}>
        {money(other)}
      </Table.Td>
      <Table.Td ta="right" style={NOWRAP}>
        {money(mine)}
      </Table.Td>
      <Table.Td ta="right" style={NOWRAP} c={difference !== null && difference !== 0 && r.beyondTolerance ? 'red.9' : undefined} fw={600}>
        {money(difference)}
      </Table.Td>
    </Table.Tr>
  );
  return (
    <Portlet title={title}>
      <Stack gap="sm">
        {r.beyondTolerance ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} p="xs" title={t(k('beyondTolerance'))}>
            {t(k('detail.beyondHint'))}
          </Alert>
        ) : (
          <Text size="sm">{t(k('detail.withinTolerance'))}</Text>
        )}
        <AuditTable
          label={title}
          minWidth={340}
          head={
            <Table.Tr>
              <Table.Th>{t(k('detail.source'))}</Table.Th>
              <Table.Th ta="right">{t(k('detail.theirs'))}</Table.Th>
              <Table.Th ta="right">{t(k('detail.audit'))}</Table.Th>
              <Table.Th ta="right">{t(k('fields.difference'))}</Table.Th>
            </Table.Tr>
          }
        >
          {line('telemetry', r.telemetryCents, span?.paidSalesCents, r.telemetryDifferenceCents)}
          {line('counted', r.countedCents, span?.cashToBoxCents, r.countedDifferenceCents)}
        </AuditTable>
      </Stack>
    </Portlet>
  );
}

/** The machine's selections: price, paid vends and their value, since the previous audit, test and free apart; cards below 48em. */
function Products({ audit }: { audit: MachineAudit }) {
  const { t } = useTranslation();
  const cards = useMaxWidth('sm');
  const title = t(k('detail.products'));
  // A figure's column: right-aligned in the table, under its label on a card.
  const figure = (label: string) => ({ 'data-card': 'figure', 'data-label': label, ta: cards ? undefined : ('right' as const) });
  const labels = {
    price: t(k('products.price')),
    paidVends: t(k('products.paidVends')),
    paidValue: t(k('products.paidValue')),
    sincePrevious: t(k('fields.sincePrevious')),
    testVends: t(k('products.testVends')),
    freeVends: t(k('products.freeVends')),
  };
  return (
    <Portlet title={title}>
      {audit.products.length === 0 ? (
        <Text size="sm">{t(k('detail.noProducts'))}</Text>
      ) : (
        <AuditTable
          label={title}
          minWidth={640}
          cards={cards}
          head={
            <Table.Tr>
              <Table.Th>{t(k('products.selection'))}</Table.Th>
              <Table.Th>{t(k('products.article'))}</Table.Th>
              <Table.Th ta="right">{labels.price}</Table.Th>
              <Table.Th ta="right">{labels.paidVends}</Table.Th>
              <Table.Th ta="right">{labels.paidValue}</Table.Th>
              <Table.Th ta="right">{labels.sincePrevious}</Table.Th>
              <Table.Th ta="right">{labels.testVends}</Table.Th>
              <Table.Th ta="right">{labels.freeVends}</Table.Th>
            </Table.Tr>
          }
        >
          {audit.products.map((p) => (
            <Table.Tr key={p.selection}>
              <Table.Td style={NOWRAP} data-card="title" data-label={t(k('products.selection'))}>
                {p.selection}
              </Table.Td>
              <Table.Td data-card="subtitle">{p.articleName ?? dashed}</Table.Td>
              <Table.Td style={NOWRAP} {...figure(labels.price)}>
                {p.priceCents === null ? dashed : auditMoney(p.priceCents, audit.currency)}
              </Table.Td>
              <Table.Td {...figure(labels.paidVends)}>{countOf(p.paidVends)}</Table.Td>
              <Table.Td style={NOWRAP} {...figure(labels.paidValue)}>
                {p.paidCents === null ? dashed : auditMoney(p.paidCents, audit.currency)}
              </Table.Td>
              <Table.Td {...figure(labels.sincePrevious)}>{countOf(p.paidVendsSincePrevious)}</Table.Td>
              <Table.Td {...figure(labels.testVends)}>{countOf(p.testVends)}</Table.Td>
              <Table.Td {...figure(labels.freeVends)}>{countOf(p.freeVends)}</Table.Td>
            </Table.Tr>
          ))}
        </AuditTable>
      )}
    </Portlet>
  );
}

/** An event's meaning: the product's words for the codes it knows, the file's maker's otherwise. */
function useEventMeaning() {
  const { t, i18n } = useTranslation();
  return (event: MachineAuditEvent) => {
    // Makers number a code per unit (`EJJ_A`): its part before the `_` is the known code.
    const upper = event.code.trim().toUpperCase();
    const known = [upper, upper.split('_')[0] ?? upper].map((code) => k(`eventCodes.${code}`)).find((key) => i18n.exists(key));
    if (known) return t(known);
    return event.meaning ?? t(k('events.unknown'));
  };
}

/** The machine's events: its maker's code, what it means, when, how often, and whether it lasts; cards below 48em. */
function Events({ audit }: { audit: MachineAudit }) {
  const { t } = useTranslation();
  const cards = useMaxWidth('sm');
  const meaning = useEventMeaning();
  const title = t(k('detail.events'));
  const labels = { at: t(k('events.at')), count: t(k('events.count')) };
  return (
    <Portlet title={title}>
      {audit.events.length === 0 ? (
        <Text size="sm">{t(k('detail.noEvents'))}</Text>
      ) : (
        <AuditTable
          label={title}
          minWidth={480}
          cards={cards}
          head={
            <Table.Tr>
              <Table.Th>{t(k('events.code'))}</Table.Th>
              <Table.Th>{t(k('events.meaning'))}</Table.Th>
              <Table.Th>{labels.at}</Table.Th>
              <Table.Th ta="right">{labels.count}</Table.Th>
              <Table.Th>{t(k('events.active'))}</Table.Th>
            </Table.Tr>
          }
        >
          {audit.events.map((event, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a code may repeat; the file's order is fixed
            <Table.Tr key={index}>
              <Table.Td style={NOWRAP} data-card="title">
                {event.code}
              </Table.Td>
              <Table.Td data-card="subtitle">{meaning(event)}</Table.Td>
              <Table.Td style={NOWRAP} data-card="figure" data-label={labels.at}>
                {event.at ? formatDateTime(event.at) : dashed}
              </Table.Td>
              <Table.Td ta={cards ? undefined : 'right'} data-card="figure" data-label={labels.count}>
                {countOf(event.count)}
              </Table.Td>
              <Table.Td data-card="badge">
                {event.active === null ? (
                  dashed
                ) : (
                  <CellBadge color={event.active ? WARNING_COLOUR : 'gray.3'} size="sm">
                    {t(k(event.active ? 'events.yes' : 'events.no'))}
                  </CellBadge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </AuditTable>
      )}
    </Portlet>
  );
}

/** The file as read, segment by segment: folded at first, a look for who checks a machine's file. */
function Blocks({ audit }: { audit: MachineAudit }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const title = t(k('detail.blocks'), { count: audit.blocks.length });
  return (
    <Portlet title={title} expanded={expanded} onExpandedChange={setExpanded}>
      <AuditTable
        label={title}
        minWidth={420}
        head={
          <Table.Tr>
            <Table.Th ta="right">{t(k('blocks.line'))}</Table.Th>
            <Table.Th>{t(k('blocks.segment'))}</Table.Th>
            <Table.Th>{t(k('blocks.fields'))}</Table.Th>
          </Table.Tr>
        }
      >
        {audit.blocks.map((block) => (
          <Table.Tr key={block.line}>
            <Table.Td ta="right">{block.line}</Table.Td>
            <Table.Td style={NOWRAP}>
              <Group gap={6} wrap="nowrap">
                <code>{block.segment}</code>
                {!block.known && (
                  <CellBadge color="gray.7" variant="outline" size="sm">
                    {t(k('blocks.unknown'))}
                  </CellBadge>
                )}
              </Group>
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              <code>{block.fields.join(' * ')}</code>
            </Table.Td>
          </Table.Tr>
        ))}
      </AuditTable>
    </Portlet>
  );
}

/** The raw file's download, as the machine wrote it. */
function DownloadButton({ audit }: { audit: MachineAudit }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadAuditFile(audit);
    } catch (error) {
      notifications.show({ color: 'red', title: t(k('detail.downloadFailed')), message: failureText(error, t('errors.genericText')) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={busy} onClick={() => void download()}>
      {t(k('detail.download'))}
    </Button>
  );
}

/**
 * `/machine-audits/$id`: one audit file, read (docs/rules.md "Machine audits"): whose machine, its
 * counters since initialisation and since the device's previous audit, how that compares with
 * telemetry and the counted cash, its selections and events, the segments as read, the file itself, and
 * its history (the upload and each assignment, for who reads the audit trail).
 */
export function MachineAuditPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const { data: audit } = useSuspenseQuery(machineAuditsApi.detail(id));
  return (
    <>
      <PageHeader
        title={audit.deviceName ?? audit.fileName}
        subtitle={t(k('detail.subtitle'), { file: audit.fileName, at: formatDateTime(audit.auditedAt) })}
        actions={
          <Group gap="sm">
            <DownloadButton audit={audit} />
            <Anchor component={Link} to="/machine-audits/list" size="sm">
              <Group gap={4} wrap="nowrap">
                <IconArrowLeft size={14} aria-hidden />
                {t(k('detail.back'))}
              </Group>
            </Anchor>
          </Group>
        }
      />
      <Stack gap="md">
        <Overview audit={audit} />
        <Counters audit={audit} />
        <Reconciliation audit={audit} />
        <Products audit={audit} />
        <Events audit={audit} />
        <Blocks audit={audit} />
      </Stack>
      <AuditHistorySection resource="machine-audits" id={audit.id} />
    </>
  );
}
