import {
  formatDate,
  formatDateTime,
  formatMoney,
  type LoyaltyCardOrderField,
  type LoyaltyCardReport,
  type LoyaltyCardRow,
  type LoyaltyHolderReport,
  type LoyaltyHolderRow,
  type LoyaltyOwnerReport,
  type LoyaltyOwnerRow,
  parseIri,
} from '@kovanica/contract';
import { Anchor, Badge, SimpleGrid, Text } from '@mantine/core';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SortHeader } from '../../components/data-table/index.ts';
import { loyaltyCardScope } from '../../components/loyalty-card-filters.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { reportPlaceScope } from '../../components/report-place-filters.tsx';
import {
  countColumn,
  moneyColumn,
  noValue,
  PagedReportTable,
  type ReportAnswer,
  type TotalsColumn,
  withoutTotal,
} from '../../components/report-table/index.ts';
import { monthToDate } from '../../lib/day.ts';
import { useQueryNow } from '../../lib/query-now.ts';
import { useReportSearch } from '../../lib/report-search.ts';
import { useSession } from '../../lib/session.ts';
import { type View, viewOf } from '../../lib/view.ts';
import { cardReportQuery, holderReportQuery, ownerReportQuery } from './api.ts';
import { f, flowColumns, k, LoyaltyFilters, rangeMessage } from './loyalty-report-parts.tsx';
import { type LoyaltySearch, loyaltyQueryOf, loyaltyRangeError, loyaltySearch, pagingOf } from './search.ts';

/** The page's range, query base and setter: what every paged loyalty report shares. */
function useFrame() {
  const [search, setSearch] = useReportSearch(loyaltySearch);
  const view = viewOf(useSession().accountInfo);
  const base = loyaltyQueryOf(search, monthToDate(), view);
  const rangeError = loyaltyRangeError(base.from, base.to);
  const valid = base.from <= base.to && rangeError === null;
  const set = (patch: Partial<LoyaltySearch>) => setSearch({ ...patch, page: undefined });
  return { search, setSearch, set, view, base, valid, rangeError: rangeError && rangeMessage(rangeError.max) };
}

interface ShellProps<R, L extends { key: string }, T> {
  title: string;
  name: string;
  frame: ReturnType<typeof useFrame>;
  answer: ReportAnswer<R, T> | null | undefined;
  status: { error: unknown; isFetching: boolean; refetch: () => unknown };
  linesOf: (rows: readonly R[]) => L[];
  columns: readonly TotalsColumn<L, T>[];
  fetchPage: (page: number, itemsPerPage: number) => Promise<ReportAnswer<R, T>>;
  note: ReactNode;
  cardFilters?: boolean;
  header?: (column: TotalsColumn<L, T>, label: string) => ReactNode;
}

function ReportShell<R, L extends { key: string }, T>(props: ShellProps<R, L, T>) {
  const { t } = useTranslation();
  const { frame, title, name } = props;
  const { from, to } = frame.base;
  return (
    <>
      <PageHeader title={title} subtitle={`${formatDate(from)} – ${formatDate(to)}`} />
      <PagedReportTable
        report={props.answer}
        linesOf={props.linesOf}
        columns={props.columns}
        title={title}
        filePeriod={`${from}-${to}`}
        exportFilters={async () => [
          ...(await reportPlaceScope(frame.view, [], frame.search, t)),
          ...(await loyaltyCardScope(frame.search, t)),
        ]}
        storageId={name}
        status={props.status as never}
        paging={pagingOf(frame.search)}
        onPaging={frame.setSearch}
        fetchPage={props.fetchPage}
        header={props.header}
        toolbar={
          <Text size="sm" c="dimmed">
            {props.note}
          </Text>
        }
        filters={
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
            <LoyaltyFilters
              view={frame.view}
              from={from}
              to={to}
              search={frame.search}
              onChange={frame.set}
              rangeError={frame.rangeError ?? undefined}
              cardFilters={props.cardFilters}
            />
          </SimpleGrid>
        }
      />
      {props.answer === null && (
        <Text c="dimmed" size="sm">
          {t('resources.finance.fixRange')}
        </Text>
      )}
    </>
  );
}

const companyColumn = <L extends { companyName: string }, T>(view: View): TotalsColumn<L, T>[] =>
  view === 'all' ? [{ key: 'company', label: 'dataTable.company', render: (l) => l.companyName, exportValue: (l) => l.companyName }] : [];

// ---------------------------------------------------------------------------------------------------

type OwnerTotals = LoyaltyOwnerReport['totals'];
interface OwnerLine extends LoyaltyOwnerRow {
  key: string;
  operatorSpendPaidCents: number | null;
  commissionCents: number | null;
  owedCents: number | null;
}
const ownerLines = (rows: readonly LoyaltyOwnerRow[]): OwnerLine[] =>
  rows.map((r) => ({
    ...r,
    key: r.owner,
    operatorSpendPaidCents: r.settlement?.operatorSpendPaidCents ?? null,
    commissionCents: r.settlement?.commissionCents ?? null,
    owedCents: r.settlement?.owedCents ?? null,
  }));

/** How a partner's settlement is worked out, in words and figures: `12,34 € − 12,5 % (1,54 €) = 10,80 €`. */
const settlementText = (l: OwnerLine) =>
  l.settlement &&
  `${formatMoney(l.settlement.operatorSpendPaidCents)} − ${String(l.settlement.commissionPercentage).replace('.', ',')} % (${formatMoney(
    l.settlement.commissionCents,
  )}) = ${formatMoney(l.settlement.owedCents)}`;

/** `/loyalty/reports/owner`: per loyalty owner, with a partner's settlement with the operator. */
export function LoyaltyOwnerReportPage() {
  const { t } = useTranslation();
  const frame = useFrame();
  const queryClient = useQueryClient();
  const query = { ...frame.base, ...pagingOf(frame.search) };
  const report = useQueryNow({ ...ownerReportQuery(query, frame.view), enabled: frame.valid, placeholderData: keepPreviousData });
  const columns = useMemo(
    () =>
      [
        {
          key: 'name',
          label: f('owner'),
          rowHeader: true,
          render: (l: OwnerLine) => (
            <>
              {l.name}{' '}
              {l.isOperator && (
                <Badge size="xs" variant="filled" color="blue.9" tt="none">
                  {t(k('operator'))}
                </Badge>
              )}
            </>
          ),
          exportValue: (l: OwnerLine) => l.name,
        },
        ...companyColumn<OwnerLine, OwnerTotals>(frame.view),
        countColumn('cards', f('cards')),
        countColumn('cardsActive', f('cardsActive')),
        ...flowColumns<OwnerLine, OwnerTotals>(),
        moneyColumn('outstandingPaidCents', f('outstandingPaidCents'), { strong: true }),
        moneyColumn('outstandingBonusCents', f('outstandingBonusCents')),
        moneyColumn('operatorSpendPaidCents', f('operatorSpendPaidCents')),
        withoutTotal(moneyColumn('commissionCents', f('commissionCents'))),
        moneyColumn('owedCents', f('owedCents'), { strong: true }),
        {
          key: 'settlement',
          label: f('settlement'),
          render: (l: OwnerLine) => settlementText(l) ?? noValue,
          exportValue: (l: OwnerLine) => settlementText(l) ?? '',
        },
      ] as TotalsColumn<OwnerLine, OwnerTotals>[],
    [t, frame.view],
  );
  return (
    <ReportShell
      title={t(k('owner.title'))}
      name="loyalty-owner-report"
      frame={frame}
      answer={frame.valid ? report.data : null}
      status={report}
      linesOf={ownerLines}
      columns={columns}
      fetchPage={(page, itemsPerPage) =>
        queryClient.fetchQuery({ ...ownerReportQuery({ ...query, page, itemsPerPage }, frame.view), staleTime: 0, gcTime: 0 })
      }
      note={t(k('owner.note'))}
    />
  );
}

// ---------------------------------------------------------------------------------------------------

type CardTotals = LoyaltyCardReport['totals'];
interface CardLine extends LoyaltyCardRow {
  key: string;
}
type CardColumn = TotalsColumn<CardLine, CardTotals> & { orderField?: LoyaltyCardOrderField };
const cardLines = (rows: readonly LoyaltyCardRow[]): CardLine[] => rows.map((r) => ({ ...r, key: r.card }));

/** `/loyalty/reports/card`: per card, paged, by spends (default), top-ups or balance. */
export function LoyaltyCardReportPage() {
  const { t } = useTranslation();
  const frame = useFrame();
  const queryClient = useQueryClient();
  const { search } = frame;
  const order = search.sort ? { [`order[${search.sort}]`]: search.dir ?? 'asc' } : {};
  const query = {
    ...frame.base,
    ...(search.status && { status: search.status }),
    ...(search.flagged && { flagged: search.flagged }),
    ...order,
    ...pagingOf(search),
  };
  const report = useQueryNow({ ...cardReportQuery(query, frame.view), enabled: frame.valid, placeholderData: keepPreviousData });
  const columns = useMemo<CardColumn[]>(() => {
    const flows = flowColumns<CardLine, CardTotals>().map((c): CardColumn => {
      if (c.key === 'topUpPaidCents') return { ...c, orderField: 'topUps' };
      if (c.key === 'spendPaidCents') return { ...c, orderField: 'spends' };
      return c;
    });
    const holder = (l: CardLine) => l.holderName ?? '';
    const lastUsed = (l: CardLine) => (l.lastUsedAt ? formatDateTime(l.lastUsedAt) : '');
    return [
      {
        key: 'number',
        label: f('card'),
        rowHeader: true,
        render: (l) => (
          <Anchor
            renderRoot={(props) => (
              <Link to="/loyalty/cards/edit/$id" params={{ id: String(parseIri('loyalty-cards', l.card)) }} {...props} />
            )}
          >
            {l.number}
          </Anchor>
        ),
        exportValue: (l) => l.number,
      },
      { key: 'holder', label: f('holder'), render: (l) => l.holderName ?? noValue, exportValue: holder },
      { key: 'ownerName', label: f('owner'), render: (l) => l.ownerName, exportValue: (l) => l.ownerName },
      ...companyColumn<CardLine, CardTotals>(frame.view),
      {
        key: 'status',
        label: f('status'),
        render: (l) => (
          <>
            {t(`resources.loyalty-cards.statuses.${l.status}`)}
            {l.flagged && (
              <>
                {' '}
                <Badge size="xs" variant="filled" color="red.9" tt="none">
                  {t('resources.loyalty-cards.flagged')}
                </Badge>
              </>
            )}
          </>
        ),
        exportValue: (l) =>
          t(`resources.loyalty-cards.statuses.${l.status}`) + (l.flagged ? ` (${t('resources.loyalty-cards.flagged')})` : ''),
      },
      ...flows,
      { ...moneyColumn('balancePaidCents', f('balancePaidCents'), { strong: true }), orderField: 'balance' },
      moneyColumn('balanceBonusCents', f('balanceBonusCents')),
      {
        key: 'lastUsedAt',
        label: f('lastUsedAt'),
        render: (l) => (l.lastUsedAt ? formatDateTime(l.lastUsedAt) : noValue),
        exportValue: lastUsed,
      },
    ] as CardColumn[];
  }, [t, frame.view]);
  const orderBy = (field: LoyaltyCardOrderField) => {
    const next: Partial<LoyaltySearch> =
      search.sort !== field
        ? { sort: field, dir: 'desc' }
        : search.dir === 'desc'
          ? { sort: field, dir: 'asc' }
          : { sort: undefined, dir: undefined };
    frame.setSearch({ ...next, page: undefined });
  };
  return (
    <ReportShell
      title={t(k('card.title'))}
      name="loyalty-card-report"
      frame={frame}
      answer={frame.valid ? report.data : null}
      status={report}
      linesOf={cardLines}
      columns={columns}
      cardFilters
      fetchPage={(page, itemsPerPage) =>
        queryClient.fetchQuery({ ...cardReportQuery({ ...query, page, itemsPerPage }, frame.view), staleTime: 0, gcTime: 0 })
      }
      header={(column: CardColumn, label) => (
        <SortHeader
          label={label}
          align={column.align}
          direction={column.orderField && search.sort === column.orderField ? (search.dir ?? 'asc') : null}
          onSort={column.orderField ? () => orderBy(column.orderField as LoyaltyCardOrderField) : undefined}
        />
      )}
      note={t(k('card.note'))}
    />
  );
}

// ---------------------------------------------------------------------------------------------------

type HolderTotals = LoyaltyHolderReport['totals'];
interface HolderLine extends LoyaltyHolderRow {
  key: string;
}
const holderLines = (rows: readonly LoyaltyHolderRow[]): HolderLine[] => rows.map((r) => ({ ...r, key: r.holder }));

/** `/loyalty/reports/user`: per card holder, paged by surname. */
export function LoyaltyHolderReportPage() {
  const { t } = useTranslation();
  const frame = useFrame();
  const queryClient = useQueryClient();
  const query = { ...frame.base, ...pagingOf(frame.search) };
  const report = useQueryNow({ ...holderReportQuery(query, frame.view), enabled: frame.valid, placeholderData: keepPreviousData });
  const columns = useMemo(
    () =>
      [
        {
          key: 'name',
          label: f('holder'),
          rowHeader: true,
          render: (l: HolderLine) => (
            <Anchor
              renderRoot={(props) => (
                <Link to="/loyalty/users/edit/$id" params={{ id: String(parseIri('card-holders', l.holder)) }} {...props} />
              )}
            >
              {l.name}
            </Anchor>
          ),
          exportValue: (l: HolderLine) => l.name,
        },
        { key: 'ownerName', label: f('owner'), render: (l: HolderLine) => l.ownerName, exportValue: (l: HolderLine) => l.ownerName },
        ...companyColumn<HolderLine, HolderTotals>(frame.view),
        withoutTotal(countColumn('cards', f('cards'))),
        ...flowColumns<HolderLine, HolderTotals>(),
        moneyColumn('balancePaidCents', f('balancePaidCents'), { strong: true }),
        moneyColumn('balanceBonusCents', f('balanceBonusCents')),
      ] as TotalsColumn<HolderLine, HolderTotals>[],
    [frame.view],
  );
  return (
    <ReportShell
      title={t(k('user.title'))}
      name="loyalty-user-report"
      frame={frame}
      answer={frame.valid ? report.data : null}
      status={report}
      linesOf={holderLines}
      columns={columns}
      fetchPage={(page, itemsPerPage) =>
        queryClient.fetchQuery({ ...holderReportQuery({ ...query, page, itemsPerPage }, frame.view), staleTime: 0, gcTime: 0 })
      }
      note={t(k('user.note'))}
    />
  );
}
