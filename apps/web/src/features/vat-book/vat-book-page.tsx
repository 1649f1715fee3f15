import {
  formatCount,
  formatDate,
  formatMoney,
  type VatBook,
  type VatBookLine,
  type VatBookRate,
  type VatReconciliationLine,
} from '@kovanica/contract';
import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { DatesProvider, MonthPickerInput } from '@mantine/dates';
import { IconCoins, IconReceipt, IconReceiptTax, IconScale } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DemoHistoryNotice } from '../../components/demo-history-notice.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ExportProgressPanel, ReportExportMenu } from '../../components/report-export-menu.tsx';
import { ReportFigures } from '../../components/report-figures.tsx';
import { ReportPlaceFilters } from '../../components/report-place-filters.tsx';
import {
  ReportBody,
  ReportCell,
  type ReportColumn,
  ReportHeaderCell,
  ReportTable,
  ReportTotals,
} from '../../components/report-table/index.ts';
import { WarningAlert } from '../../components/warning-alert.tsx';
import { useAccess } from '../../lib/access.ts';
import { requestReportExport } from '../../lib/exports.ts';
import { useQueryNow } from '../../lib/query-now.ts';
import { usePhone } from '../../lib/screen.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { vatBookQuery } from './api.ts';
import classes from './vat-book.module.css';
import { currentMonth, type VatBookSearch } from './vat-book-search.ts';

const route = getRouteApi('/_app/vat-book/list');
const k = (key: string) => `vatBook.${key}`;
const MIN_COLUMN_WIDTH = 104;

/** A reconciliation's amount as a step: `+3,00 €`, `-20,00 €`, `0,00 €`. */
const signed = (cents: number) => `${cents > 0 ? '+' : ''}${formatMoney(cents)}`;

type BookRow = VatBookLine & { key: string };
type RateRow = VatBookRate & { key: string };
type RecRow = VatReconciliationLine & { key: string };

/**
 * `/vat-book/list`: one Zagreb month's bills by VAT rate and kind (device payments, card top-ups,
 * manual bills, stornos), the totals the VAT return needs, and the reconciliation that takes the
 * bills' total, line by line, to the finance report's gross and VAT of the same month (docs/rules.md,
 * "VAT book"). The month and, in the All Companies view, the company live in the address.
 */
export function VatBookPage() {
  const { t, i18n } = useTranslation();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { mayUse } = useAccess();
  const view = viewOf(useSession().accountInfo);
  const thisMonth = currentMonth();
  const month = search.month ?? thisMonth;
  const query = { month, ...(view === 'all' && search.company ? { company: search.company } : {}) };
  const report = useQueryNow({ ...vatBookQuery(query, view), placeholderData: keepPreviousData });
  const book: VatBook | undefined = report.data;
  const set = (patch: Partial<VatBookSearch>) => void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true });
  const title = t(k('title'));
  const rateLabel = (r: { inVatSystem: boolean; vatRate: number | null }) =>
    r.inVatSystem ? t(k('rate'), { rate: r.vatRate ?? 0 }) : t(k('notInVatSystem'));
  const vatOrDash = (r: { inVatSystem: boolean }, cents: number) => (r.inVatSystem ? formatMoney(cents) : '–');
  const status = (hasData: boolean) => ({ ...report, hasData });

  // On a phone each table keeps two or three columns: what the line is (its count under it) and its
  // amounts (the VAT under the total), so nothing hides past the screen's edge.
  const phone = usePhone();
  const sub = (main: ReactNode, below: ReactNode) => (
    <>
      {main}
      <Text size="xs" c="dimmed" fw={400}>
        {below}
      </Text>
    </>
  );
  /** A phone's line label: it wraps within the room its figures leave. */
  const label = (text: string) => <div className={classes.phoneLabel}>{text}</div>;
  const phoneBook: ReportColumn<BookRow>[] = [
    {
      key: 'line',
      label: k('columns.kind'),
      rowHeader: true,
      render: (l) =>
        sub(label(`${rateLabel(l)} · ${t(k(`kinds.${l.kind}`))}`), t(k('billsCount'), { count: l.bills, bills: formatCount(l.bills) })),
      exportValue: () => null,
    },
    {
      key: 'total',
      label: k('columns.total'),
      align: 'right',
      render: (l) => sub(formatMoney(l.totalCents), `${t(k('columns.vat'))} ${vatOrDash(l, l.vatCents)}`),
      exportValue: () => null,
    },
  ];
  const deskBook: ReportColumn<BookRow>[] = [
    { key: 'rate', label: k('columns.rate'), rowHeader: true, render: rateLabel, exportValue: () => null },
    { key: 'kind', label: k('columns.kind'), render: (l) => t(k(`kinds.${l.kind}`)), exportValue: () => null },
    { key: 'bills', label: k('columns.bills'), align: 'right', render: (l) => formatCount(l.bills), exportValue: () => null },
    { key: 'base', label: k('columns.base'), align: 'right', render: (l) => vatOrDash(l, l.baseCents), exportValue: () => null },
    { key: 'vat', label: k('columns.vat'), align: 'right', render: (l) => vatOrDash(l, l.vatCents), exportValue: () => null },
    { key: 'total', label: k('columns.total'), align: 'right', render: (l) => formatMoney(l.totalCents), exportValue: () => null },
  ];
  const bookColumns = phone ? phoneBook : deskBook;
  const rateColumns: ReportColumn<RateRow>[] = [
    { key: 'rate', label: k('columns.rate'), rowHeader: true, render: rateLabel, exportValue: () => null },
    ...(phone
      ? []
      : [
          {
            key: 'bills',
            label: k('columns.bills'),
            align: 'right',
            render: (r: RateRow) => formatCount(r.bills),
            exportValue: () => null,
          } satisfies ReportColumn<RateRow>,
        ]),
    { key: 'base', label: k('columns.base'), align: 'right', render: (r) => vatOrDash(r, r.baseCents), exportValue: () => null },
    { key: 'vat', label: k('columns.vat'), align: 'right', render: (r) => vatOrDash(r, r.vatCents), exportValue: () => null },
    ...(phone
      ? []
      : [
          {
            key: 'total',
            label: k('columns.total'),
            align: 'right',
            render: (r: RateRow) => formatMoney(r.totalCents),
            exportValue: () => null,
          } satisfies ReportColumn<RateRow>,
        ]),
  ];
  const phoneRec: ReportColumn<RecRow>[] = [
    {
      key: 'line',
      label: k('columns.line'),
      rowHeader: true,
      render: (l) => sub(label(t(k(`lines.${l.line}`))), l.count === null ? '' : t(k('count'), { count: formatCount(l.count) })),
      exportValue: () => null,
    },
    {
      key: 'gross',
      label: k('columns.gross'),
      align: 'right',
      render: (l) =>
        l.asideCents === null
          ? sub(signed(l.grossCents), `${t(k('columns.vat'))} ${signed(l.vatCents)}`)
          : sub('–', `${t(k('columns.aside'))} ${formatMoney(l.asideCents)}`),
      exportValue: () => null,
    },
  ];
  const deskRec: ReportColumn<RecRow>[] = [
    { key: 'line', label: k('columns.line'), rowHeader: true, render: (l) => t(k(`lines.${l.line}`)), exportValue: () => null },
    {
      key: 'count',
      label: k('columns.count'),
      align: 'right',
      render: (l) => (l.count === null ? '–' : formatCount(l.count)),
      exportValue: () => null,
    },
    {
      key: 'gross',
      label: k('columns.gross'),
      align: 'right',
      render: (l) => (l.asideCents === null ? signed(l.grossCents) : '–'),
      exportValue: () => null,
    },
    {
      key: 'vat',
      label: k('columns.vat'),
      align: 'right',
      render: (l) => (l.asideCents === null ? signed(l.vatCents) : '–'),
      exportValue: () => null,
    },
    {
      key: 'aside',
      label: k('columns.aside'),
      align: 'right',
      render: (l) => (l.asideCents === null ? '' : formatMoney(l.asideCents)),
      exportValue: () => null,
    },
  ];
  const recColumns = phone ? phoneRec : deskRec;
  const header = <T,>(columns: readonly ReportColumn<T>[]) => (
    <Table.Thead>
      <Table.Tr>
        {columns.map((c) => (
          <ReportHeaderCell key={c.key} align={c.align}>
            {t(c.label)}
          </ReportHeaderCell>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
  const rec = book?.reconciliation;
  const unexplained = rec && (rec.unexplainedGrossCents !== 0 || rec.unexplainedVatCents !== 0);

  /** A table's heading and what it shows, in its toolbar. */
  const caption = (heading: string, note: string) => (
    <div>
      <Title order={2} size="h5">
        {heading}
      </Title>
      <Text size="sm" c="dimmed">
        {note}
      </Text>
    </div>
  );
  const money = (cents: number) => <ReportCell align="right">{formatMoney(cents)}</ReportCell>;

  return (
    <>
      <PageHeader
        title={title}
        subtitle={t(k('subtitle'), { from: formatDate(`${month}-01`), to: formatDate(book?.to ?? `${month}-01`) })}
        actions={
          mayUse('exports', 'create') && (
            <ReportExportMenu ask={(format) => requestReportExport('vat-book', format, query as Record<string, string>)} />
          )
        }
      />
      <DemoHistoryNotice />
      <ExportProgressPanel />
      <Paper withBorder shadow="xs" radius="md" p="md" mb="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
          <DatesProvider settings={{ locale: i18n.language === 'hr' ? 'hr' : 'en' }}>
            <MonthPickerInput
              label={t(k('month'))}
              value={`${month}-01`}
              onChange={(value) => value && set({ month: value.slice(0, 7) === thisMonth ? undefined : value.slice(0, 7) })}
              maxDate={`${thisMonth}-01`}
              valueFormat="MMMM YYYY"
            />
          </DatesProvider>
          <ReportPlaceFilters view={view} filters={[]} value={search} onChange={(patch) => set({ company: patch.company })} />
        </SimpleGrid>
      </Paper>
      <ReportFigures
        phoneColumns={2}
        figures={[
          { label: t(k('figures.total')), value: book && formatMoney(book.totals.totalCents), icon: <IconCoins size={24} aria-hidden /> },
          { label: t(k('figures.base')), value: book && formatMoney(book.totals.baseCents), icon: <IconScale size={24} aria-hidden /> },
          { label: t(k('figures.vat')), value: book && formatMoney(book.totals.vatCents), icon: <IconReceiptTax size={24} aria-hidden /> },
          { label: t(k('figures.bills')), value: book && formatCount(book.totals.bills), icon: <IconReceipt size={24} aria-hidden /> },
        ]}
      />
      <Stack gap="lg">
        <ReportTable
          title={t(k('bookTitle'))}
          toolbar={caption(t(k('bookTitle')), t(k('bookNote')))}
          tools={null}
          status={status(book !== undefined)}
          minWidth={phone ? 300 : bookColumns.length * MIN_COLUMN_WIDTH}
        >
          {header(bookColumns)}
          <ReportBody
            columns={bookColumns}
            lines={book?.lines.map((l) => ({ ...l, key: `${l.inVatSystem}-${l.vatRate}-${l.kind}` }))}
            skeletonRows={4}
            empty={t(k('empty'))}
          />
          {book && book.lines.length > 0 && (
            <ReportTotals>
              {phone ? (
                <>
                  <ReportCell rowHeader>
                    {sub(t(k('total')), t(k('billsCount'), { count: book.totals.bills, bills: formatCount(book.totals.bills) }))}
                  </ReportCell>
                  <ReportCell align="right">
                    {sub(formatMoney(book.totals.totalCents), `${t(k('columns.vat'))} ${formatMoney(book.totals.vatCents)}`)}
                  </ReportCell>
                </>
              ) : (
                <>
                  <ReportCell rowHeader>{t(k('total'))}</ReportCell>
                  <ReportCell />
                  <ReportCell align="right">{formatCount(book.totals.bills)}</ReportCell>
                  {money(book.totals.baseCents)}
                  {money(book.totals.vatCents)}
                  {money(book.totals.totalCents)}
                </>
              )}
            </ReportTotals>
          )}
        </ReportTable>

        <ReportTable
          title={t(k('returnTitle'))}
          toolbar={caption(t(k('returnTitle')), t(k('returnNote')))}
          tools={null}
          status={status(book !== undefined)}
          minWidth={phone ? 300 : rateColumns.length * MIN_COLUMN_WIDTH}
        >
          {header(rateColumns)}
          <ReportBody
            columns={rateColumns}
            lines={book?.rates.map((r) => ({ ...r, key: `${r.inVatSystem}-${r.vatRate}` }))}
            skeletonRows={2}
            empty={t(k('empty'))}
          />
          {book && book.rates.length > 0 && (
            <ReportTotals>
              <ReportCell rowHeader>{t(k('total'))}</ReportCell>
              {!phone && <ReportCell align="right">{formatCount(book.totals.bills)}</ReportCell>}
              {money(book.totals.baseCents)}
              {money(book.totals.vatCents)}
              {!phone && money(book.totals.totalCents)}
            </ReportTotals>
          )}
        </ReportTable>

        {unexplained && rec && (
          <WarningAlert title={t(k('unexplainedTitle'))}>
            {t(k('unexplained'), { gross: signed(rec.unexplainedGrossCents), vat: signed(rec.unexplainedVatCents) })}
          </WarningAlert>
        )}
        <ReportTable
          title={t(k('reconciliationTitle'))}
          toolbar={caption(
            t(k('reconciliationTitle')),
            t(k('reconciliationNote'), { saleVat: rec ? formatMoney(rec.financeSaleVatCents) : '–' }),
          )}
          tools={null}
          status={status(book !== undefined)}
          minWidth={phone ? 300 : recColumns.length * MIN_COLUMN_WIDTH + 200}
        >
          {header(recColumns)}
          {rec && book ? (
            <Table.Tbody>
              <Table.Tr>
                {phone ? (
                  <>
                    <ReportCell rowHeader>
                      {sub(t(k('billsTotal')), t(k('billsCount'), { count: book.totals.bills, bills: formatCount(book.totals.bills) }))}
                    </ReportCell>
                    <ReportCell align="right">
                      {sub(formatMoney(rec.billsTotalCents), `${t(k('columns.vat'))} ${formatMoney(rec.billsVatCents)}`)}
                    </ReportCell>
                  </>
                ) : (
                  <>
                    <ReportCell rowHeader>{t(k('billsTotal'))}</ReportCell>
                    <ReportCell align="right">{formatCount(book.totals.bills)}</ReportCell>
                    {money(rec.billsTotalCents)}
                    {money(rec.billsVatCents)}
                    <ReportCell align="right" />
                  </>
                )}
              </Table.Tr>
            </Table.Tbody>
          ) : null}
          <ReportBody columns={recColumns} lines={rec?.lines.map((l) => ({ ...l, key: l.line }))} skeletonRows={6} />
          {rec && (
            <ReportTotals>
              {phone ? (
                <>
                  <ReportCell rowHeader>{label(t(k('financeTotal')))}</ReportCell>
                  <ReportCell align="right">
                    {sub(formatMoney(rec.financeGrossCents), `${t(k('columns.vat'))} ${formatMoney(rec.financeVatCents)}`)}
                  </ReportCell>
                </>
              ) : (
                <>
                  <ReportCell rowHeader>{t(k('financeTotal'))}</ReportCell>
                  <ReportCell align="right" />
                  {money(rec.financeGrossCents)}
                  {money(rec.financeVatCents)}
                  <ReportCell align="right" />
                </>
              )}
            </ReportTotals>
          )}
        </ReportTable>
      </Stack>
    </>
  );
}
