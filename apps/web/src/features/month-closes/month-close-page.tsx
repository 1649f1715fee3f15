import { formatCount, formatDateTime, formatMoney, type MonthClose, type MonthStatus, monthEnd } from '@kovanica/contract';
import { Button, Paper, SimpleGrid, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { Fragment, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BadgeColour, below, CellBadge, dash, linkClass, nowrap, WARNING_COLOUR } from '../../components/data-table/cells.tsx';
import { TableCard, Td, Th } from '../../components/data-table/index.ts';
import { DemoHistoryNotice } from '../../components/demo-history-notice.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { useAccess } from '../../lib/access.ts';
import { companiesApi } from '../../lib/apis/companies.ts';
import { monthName } from '../../lib/day.ts';
import { useQueryNow } from '../../lib/query-now.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { monthClosesQuery } from './api.ts';
import { CloseMonthDialog, type MonthDialog, ReopenMonthDialog } from './month-close-actions.tsx';
import classes from './month-close-page.module.css';
import { actionMonths, blockedReason } from './month-states.ts';

const route = getRouteApi('/_app/month-close/list');
const k = (key: string) => `monthClose.${key}`;

/** Open months wait (the warning's dark text on yellow), closed ones are settled, the running one is quiet. */
const statusBadge: Record<MonthStatus, { color: BadgeColour; variant: 'filled' | 'outline' }> = {
  open: { color: WARNING_COLOUR, variant: 'filled' },
  closed: { color: 'teal.9', variant: 'filled' },
  current: { color: 'blue.9', variant: 'outline' },
};

const COLUMNS = ['month', 'status', 'waiting', 'closed', 'reopened', 'adjustments'] as const;
const SKELETON_ROWS = 4;

/** `November 2026` / `studeni 2026.` of a `yyyy-MM` month. */
export const monthLabel = (month: string, language: string) => monthName(`${month}-01`, language, 'long');

/**
 * `/month-close/list`: a company's months, newest first (docs/rules.md "Month close"): whether each is
 * open, closed or the running one, what still waits in it (each linked to the list that shows it), who
 * closed or reopened it, and the money counted across a closed month's edge. Accountants close the
 * first open past month once nothing of it waits; managers reopen the last closed one, with a reason.
 * In the All Companies view the company is picked (the user's own until changed), kept in the address.
 */
export function MonthClosePage() {
  const { t, i18n } = useTranslation();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { can } = useAccess();
  const { accountInfo } = useSession();
  const view = viewOf(accountInfo);
  // The server needs the company in the All Companies view: the one picked, else the user's own.
  const company = view === 'all' ? (search.company ?? accountInfo.company_api_endpoint ?? undefined) : undefined;
  const list = useQueryNow(monthClosesQuery(company, view));
  const months = list.data?.member;
  const title = t(k('title'));
  const language = i18n.language;
  const mayClose = can('month-closes.close');
  const mayReopen = can('month-closes.reopen');
  // Only the newest closed month may be reopened; only the oldest open one may be closed (months close in order).
  const { firstOpen, lastClosed } = actionMonths(months ?? []);
  const hasActions = mayClose || mayReopen;
  const [dialog, setDialog] = useState<MonthDialog>(null);
  const span = COLUMNS.length + (hasActions ? 1 : 0);

  return (
    <>
      <PageHeader title={title} subtitle={t(k('subtitle'))} />
      <DemoHistoryNotice />
      {view === 'all' && (
        <Paper withBorder shadow="xs" radius="md" p="md" mb="md">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            <ReferenceSelect
              api={companiesApi}
              view="all"
              label={t('dataTable.company')}
              clearable={false}
              value={company ?? null}
              onChange={(v) => void navigate({ search: v ? { company: v } : {}, replace: true })}
            />
          </SimpleGrid>
        </Paper>
      )}
      <TableCard
        title={title}
        toolbar={
          <Text size="sm" c="dimmed">
            {t(k('note'))}
          </Text>
        }
        tools={null}
        status={{ isError: list.isError, error: list.error, refetch: list.refetch, hasData: list.data !== undefined }}
        failureTitle={t('dataTable.loadFailed')}
        minWidth={hasActions ? 840 : 720}
        scrollClassName={classes.scroll}
      >
        <Table
          key={months ? 'rows' : 'skeleton'}
          striped
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing={8}
          aria-busy={list.isFetching}
          className={classes.table}
        >
          <VisuallyHidden component="caption">{title}</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Th key={column} scope="col">
                  {t(k(`columns.${column}`))}
                </Th>
              ))}
              {hasActions && (
                <Th scope="col" className={classes.actions}>
                  {t('dataTable.actions')}
                </Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {!months ? (
              Array.from({ length: SKELETON_ROWS }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key by
                <Table.Tr key={i}>
                  <Table.Td colSpan={span}>
                    <Skeleton height={18} radius="sm" />
                  </Table.Td>
                </Table.Tr>
              ))
            ) : months.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={span}>
                  <Text ta="center" c="dimmed" py="lg" className={classes.empty}>
                    {t(k('empty'))}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              months.map((m) => (
                <Table.Tr key={m.month}>
                  <Th scope="row" className={classes.month}>
                    {monthLabel(m.month, language)}
                  </Th>
                  <Td>
                    <CellBadge {...statusBadge[m.status]}>{t(k(`statuses.${m.status}`))}</CellBadge>
                  </Td>
                  <Td className={classes.text}>{waitingCell(m, firstOpen, company, t, language)}</Td>
                  <Td className={classes.text}>
                    {m.closedAt ? (
                      <>
                        {nowrap(formatDateTime(m.closedAt))}
                        {below(m.closedByName ?? dash)}
                      </>
                    ) : (
                      dash
                    )}
                  </Td>
                  <Td className={classes.text}>{reopenedCell(m, t)}</Td>
                  <Td className={classes.text}>{adjustmentsCell(m, t, language)}</Td>
                  {hasActions && (
                    <Td className={classes.actions}>
                      {mayClose && m.status === 'open' && (
                        <CloseButton
                          label={monthLabel(m.month, language)}
                          reason={blockedText(m, firstOpen, t, language)}
                          onClick={() => setDialog({ action: 'close', month: m, label: monthLabel(m.month, language) })}
                        />
                      )}
                      {mayReopen && m.status === 'closed' && m.month === lastClosed && (
                        <Button
                          size="compact-sm"
                          variant="default"
                          aria-label={t(k('reopenFor'), { month: monthLabel(m.month, language) })}
                          onClick={() => setDialog({ action: 'reopen', month: m, label: monthLabel(m.month, language) })}
                        >
                          <ActionContent icon={<IconLockOpen size={14} aria-hidden />} text={t(k('reopen'))} />
                        </Button>
                      )}
                    </Td>
                  )}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </TableCard>
      {dialog?.action === 'close' && (
        <CloseMonthDialog month={dialog.month} label={dialog.label} company={company} onClose={() => setDialog(null)} />
      )}
      {dialog?.action === 'reopen' && <ReopenMonthDialog month={dialog.month} label={dialog.label} onClose={() => setDialog(null)} />}
    </>
  );
}

/** A row action's icon and words; on a phone only the icon (the button's label names it), so the pinned column stays narrow. */
function ActionContent({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <span className={classes.actionContent}>
      {icon}
      <span className={classes.actionText}>{text}</span>
    </span>
  );
}

/**
 * "Close month" on an open past month. One that may not be closed yet keeps the button, disabled,
 * described by the reason (which its row's "What waits" says too).
 */
function CloseButton({ label, reason, onClick }: { label: string; reason: string | null; onClick: () => void }) {
  const { t } = useTranslation();
  const reasonId = useId();
  return (
    <>
      <Button
        size="compact-sm"
        variant={reason ? 'default' : 'filled'}
        disabled={Boolean(reason)}
        aria-label={t(k('closeFor'), { month: label })}
        aria-describedby={reason ? reasonId : undefined}
        onClick={onClick}
      >
        <ActionContent icon={<IconLock size={14} aria-hidden />} text={t(k('close'))} />
      </Button>
      {reason && (
        <span id={reasonId} hidden>
          {reason}
        </span>
      )}
    </>
  );
}

/** The list screens that show what waits in a month, narrowed to its days, and who may open them. */
const waitingLists = [
  {
    key: 'deposits',
    count: (m: MonthClose) => m.unverifiedDeposits,
    to: '/deposits/list',
    permission: 'deposits.read',
    search: (from: string, to: string) => ({ status: 'unverified', 'at[after]': from, 'at[before]': to }),
  },
  {
    key: 'bills',
    count: (m: MonthClose) => m.unfiscalizedBills,
    to: '/bills/unfiscalized',
    permission: 'bills.read',
    search: (from: string, to: string) => ({ 'issuedAt[after]': from, 'issuedAt[before]': to }),
  },
  {
    key: 'holds',
    count: (m: MonthClose) => m.heldBatches,
    to: '/devices/held-telemetry',
    permission: 'telemetry-holds.read',
    search: (from: string, to: string) => ({ status: 'held', 'receivedAt[after]': from, 'receivedAt[before]': to }),
  },
] as const;

/**
 * What waits in the month ("2 deposits to verify · 1 held batch"), each a link to its list narrowed to the
 * month's days (and, in the All Companies view, to the company); else why it cannot close, or that nothing waits.
 */
function waitingCell(m: MonthClose, firstOpen: string | undefined, company: string | undefined, t: TFunction, language: string): ReactNode {
  const waiting = waitingLists.filter((w) => w.count(m) > 0);
  if (waiting.length === 0) {
    if (m.status === 'closed') return dash;
    const reason = blockedText(m, firstOpen, t, language);
    return <span className={classes.dimmed}>{reason ?? t(k(m.status === 'current' ? 'running' : 'nothingWaits'))}</span>;
  }
  const from = `${m.month}-01`;
  const to = monthEnd(from);
  return (
    <span className={classes.waiting}>
      {waiting.map((w, i) => (
        <Fragment key={w.key}>
          {i > 0 && ' · '}
          <WaitingLink
            text={t(k(`waiting.${w.key}`), { count: w.count(m), formatted: formatCount(w.count(m)) })}
            to={w.to}
            permission={w.permission}
            search={company ? { ...w.search(from, to), company } : w.search(from, to)}
          />
        </Fragment>
      ))}
    </span>
  );
}

/** A count of what waits, a link to its list for those who may open it. */
function WaitingLink({
  text,
  to,
  permission,
  search,
}: {
  text: string;
  to: (typeof waitingLists)[number]['to'];
  permission: (typeof waitingLists)[number]['permission'];
  search: Record<string, string>;
}) {
  const { mayUse } = useAccess();
  const [resource, action] = permission.split('.') as ['deposits' | 'bills' | 'telemetry-holds', 'read'];
  if (!mayUse(resource, action)) return <span className={classes.nowrapWords}>{text}</span>;
  return (
    <Link to={to} search={search} className={linkClass}>
      {text}
    </Link>
  );
}

/** Why an open past month cannot be closed now, in words, or null when it can. */
function blockedText(m: MonthClose, firstOpen: string | undefined, t: TFunction, language: string): string | null {
  const blocked = blockedReason(m, firstOpen);
  if (!blocked) return null;
  return blocked.reason === 'order'
    ? t(k('blocked.order'), { month: monthLabel(blocked.month, language) })
    : t(k(`blocked.${blocked.reason}`));
}

/** The last reopening: when and by whom, and the reason given. */
function reopenedCell(m: MonthClose, t: TFunction): ReactNode {
  if (!m.reopenedAt) return dash;
  return (
    <>
      {nowrap(formatDateTime(m.reopenedAt))}
      {below(m.reopenedByName ?? dash)}
      {m.reopenReason && below(t(k('reason'), { reason: m.reopenReason }))}
    </>
  );
}

/** Money across a closed month's edge: counted here of a closed month, or of this month counted later. */
function adjustmentsCell(m: MonthClose, t: TFunction, language: string): ReactNode {
  if (m.adjustments.length === 0 && m.counted.length === 0) return dash;
  const detail = (a: MonthClose['adjustments'][number]) =>
    t(k('adjustmentDetail'), { count: a.events, formatted: formatCount(a.events), vat: formatMoney(a.vatCents) });
  return (
    <ul className={classes.adjustments}>
      {m.adjustments.map((a) => (
        <li key={`of-${a.month}`}>
          {t(k('adjustment'), { amount: signed(a.grossCents), month: monthLabel(a.month, language) })}
          {below(detail(a))}
        </li>
      ))}
      {m.counted.map((a) => (
        <li key={`in-${a.month}`}>
          {t(k('counted'), { amount: formatMoney(a.grossCents), month: monthLabel(a.month, language) })}
          {below(detail(a))}
        </li>
      ))}
    </ul>
  );
}

/** Money added to a month: `+9,00 €` (a negative one keeps its own sign). */
const signed = (cents: number) => `${cents >= 0 ? '+' : ''}${formatMoney(cents)}`;
