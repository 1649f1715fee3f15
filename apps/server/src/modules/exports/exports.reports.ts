import {
  EXPORT_PDF_MAX_LINES,
  type ExportFormat,
  exportComponent,
  type FinancePeriod,
  type FinanceRow,
  formatDate,
  formatDateTime,
  type Language,
  type LoyaltyFlows,
  type ReportExportKind,
  type ReportExportParams,
} from '@kovanica/contract';
import type { RequestContext } from '../../core/context.ts';
import { DomainError } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import {
  loyaltyCardReport,
  loyaltyGeneralReport,
  loyaltyGeneralScope,
  loyaltyHolderReport,
  loyaltyOwnerReport,
  loyaltyReportScope,
} from '../loyalty-reports/loyalty-reports.service.ts';
import { productSalesReport, productSalesScope } from '../planograms/planograms.service.ts';
import {
  comparativeAnalysis,
  comparativeScope,
  financeReport,
  financeScope,
  logisticReport,
  logisticScope,
} from '../reports/reports.service.ts';
import { aboutLines, describeBuild, exportFileName } from './exports.about.ts';
import { type ByteSink, type Cell, type FileColumn, type FileHead, fileWriter } from './exports.files.ts';
import { type BuiltFile, buildFinanceExport, financeTitle, type Progress, periodLabel } from './exports.finance.ts';
import { buildVatBookExport, checkVatBookExport, vatBookTitle } from './exports.vat-book.ts';

/**
 * The reports as export data sets (decision 0026): one entry per report, so a new report is one entry.
 * Each is read through the service its screen reads (the same figures), a page at a time; its params
 * are checked on request by the report's own scope check, the one the report calls first (its own 4xx,
 * without reading the report); its columns name the figures in English and Croatian; the totals line
 * is the report's own totals.
 */

type Words = { en: string; hr: string };
const w = (en: string, hr: string): Words => ({ en, hr });

/** A report's column: its label, how it is written, its cell of a line and of the totals (none: empty). */
interface ReportColumn<Row, Totals> {
  label: Words;
  type: FileColumn['type'];
  cell: (row: Row, lang: Language) => Cell;
  total?: (totals: Totals, lang: Language) => Cell;
  pdf?: boolean;
  width?: number;
}

/** One page of a report as its service answers it: its lines, how many in all, its totals. */
interface ReportPage<Row, Totals> {
  rows: Row[];
  total: number;
  totals: Totals;
  from: string;
  to: string;
}

interface ReportSpec<K extends ReportExportKind, Row, Totals> {
  kind: K;
  title: (params: ReportExportParams<K>) => Words;
  /** The report's own check of these params, which the report calls before reading (its 4xx); reads nothing. */
  check: (ctx: RequestContext, params: ReportExportParams<K>) => unknown;
  /** The report read with these params, page by page (`size` lines). */
  page: (db: Db, ctx: RequestContext, params: ReportExportParams<K>, page: number, size: number) => Promise<ReportPage<Row, Totals>>;
  columns: (ctx: RequestContext, params: ReportExportParams<K>) => ReportColumn<Row, Totals>[];
}

/** A data set of the exports: its request-time check (the report's own 4xx), its component, its builder. */
export interface ReportDataSet {
  /** Reads nothing: throws the report's own 4xx for bad params. */
  check(ctx: RequestContext, params: unknown): void;
  component?: string;
  /** Its title for these params, in the reader's language. */
  title(params: unknown, lang: Language): string;
  build(
    db: Db,
    ctx: RequestContext,
    params: unknown,
    format: ExportFormat,
    sink: ByteSink,
    progress: Progress,
    options?: { pageSize?: number; now?: Date },
  ): Promise<BuiltFile>;
}

/** Lines asked of a report at a time. */
export const REPORT_EXPORT_PAGE = 2_000;

const totalWord = w('Total', 'Ukupno');
const companyWord = w('Company', 'Tvrtka');
const yesNo = { en: ['Yes', 'No'], hr: ['Da', 'Ne'] } as const;
const interpolate = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k]));
const generatedWord = w('Generated {at}', 'Izrađeno {at}');
const pageWord = w('Page {page} of {pages}', 'Stranica {page} od {pages}');

function col<Row, Totals>(
  label: Words,
  type: FileColumn['type'],
  cell: (row: Row, lang: Language) => Cell,
  extra: Partial<ReportColumn<Row, Totals>> = {},
): ReportColumn<Row, Totals> {
  return { label, type, cell, ...extra };
}

/** A figure of the line and of the totals by the same name. */
function figure<Row, Totals, F extends keyof Row & keyof Totals>(
  field: F,
  label: Words,
  type: 'money' | 'count',
  pdf = false,
): ReportColumn<Row, Totals> {
  return {
    label,
    type,
    cell: (row) => row[field] as Cell,
    total: (totals) => totals[field] as Cell,
    pdf,
  };
}

/** Builds a report's file (the generic part): the first page counts the lines, then page by page, then the report's totals. */
function buildReport<K extends ReportExportKind, Row, Totals>(spec: ReportSpec<K, Row, Totals>): ReportDataSet['build'] {
  return async (db, ctx, raw, format, sink, progress, options = {}) => {
    const params = raw as ReportExportParams<K>;
    const lang = ctx.lang;
    const size = options.pageSize ?? REPORT_EXPORT_PAGE;
    const first = await spec.page(db, ctx, params, 1, size);
    if (format === 'pdf' && first.total > EXPORT_PDF_MAX_LINES)
      throw new DomainError(422, 'export_pdf_too_long', { max: EXPORT_PDF_MAX_LINES, lines: first.total });
    const columns = spec.columns(ctx, params);
    const title = spec.title(params)[lang];
    const madeAt = options.now ?? new Date();
    const about = await describeBuild(db, ctx, {
      kind: spec.kind,
      report: true,
      params: params as Record<string, unknown>,
      title,
      period: (params as { period?: string }).period ?? null,
      from: first.from,
      to: first.to,
    });
    const head: FileHead = {
      title,
      subtitle: `${formatDate(first.from)} – ${formatDate(first.to)}${ctx.view === 'all' ? ` · ${lang === 'hr' ? 'Sve tvrtke' : 'All companies'}` : ''}`,
      sheet: title,
      columns: columns.map((c, i) => ({ label: c.label[lang], type: c.type, pdf: i === 0 || c.pdf === true, width: c.width })),
      empty: '',
      about: aboutLines(about, lang, madeAt),
    };
    const writer = fileWriter(format, head, sink, () => ({
      generated: interpolate(generatedWord[lang], { at: formatDateTime(madeAt) }),
      footer: (page, pages) => interpolate(pageWord[lang], { page, pages }),
    }));
    let written = 0;
    let current = first;
    for (let number = 1; ; number++) {
      if (number > 1) current = await spec.page(db, ctx, params, number, size);
      await writer.write(current.rows.map((row) => columns.map((c) => c.cell(row, lang))));
      written += current.rows.length;
      await progress(written, first.total);
      if (current.rows.length < size || written >= first.total) break;
    }
    // The totals line is named in its first text column (the comparative analysis starts with the rank).
    const named = columns.findIndex((c) => c.type === 'text');
    await writer.finish([columns.map((c, i) => (i === named ? totalWord[lang] : c.total ? c.total(first.totals, lang) : null))]);
    return { fileName: exportFileName(title, about, lang, format, { from: first.from, to: first.to }), rows: written };
  };
}

/** The period, from, to of a line by period. */
function periodColumns<Row extends { periodStart: string; periodEnd: string }, Totals>(period: FinancePeriod): ReportColumn<Row, Totals>[] {
  return [
    col(w('Period', 'Razdoblje'), 'text', (r, lang) => periodLabel(period, r.periodStart, r.periodEnd, lang), { pdf: true, width: 24 }),
    col(w('From', 'Od'), 'date', (r) => r.periodStart),
    col(w('To', 'Do'), 'date', (r) => r.periodEnd),
  ];
}

const companyColumn = <Row extends { companyName: string }, Totals>(ctx: RequestContext): ReportColumn<Row, Totals>[] =>
  ctx.view === 'all' ? [col(companyWord, 'text', (r) => r.companyName, { pdf: true })] : [];

// The token report: the finance report's figures by location, device or lessor.
const tokenSubjects = { location: w('Location', 'Lokacija'), device: w('Device', 'Uređaj'), lessor: w('Lessor', 'Najmodavac') };
type FinanceTotals = Awaited<ReturnType<typeof financeReport>>['totals'];
const tokenShare = (tokens: number, gross: number) => (gross === 0 ? null : (tokens / gross) * 100);
const tokenSpec: ReportSpec<'token-report', FinanceRow, FinanceTotals> = {
  kind: 'token-report',
  title: (p) =>
    ({
      location: w('Token report by location', 'Izvještaj o žetonima po lokacijama'),
      device: w('Token report by device', 'Izvještaj o žetonima po uređajima'),
      lessor: w('Token report by lessor', 'Izvještaj o žetonima po najmodavcima'),
    })[p.subject],
  check: financeScope,
  page: async (db, ctx, p, page, size) => {
    const r = await financeReport(db, ctx, { ...p, page, itemsPerPage: size });
    return { rows: r.rows, total: r.totalItems, totals: r.totals, from: r.from, to: r.to };
  },
  columns: (ctx, p) => [
    ...periodColumns<FinanceRow, FinanceTotals>(p.period ?? 'month'),
    col(tokenSubjects[p.subject], 'text', (r, lang) => r.name ?? (lang === 'hr' ? 'Bez naziva' : 'Unnamed'), { pdf: true, width: 32 }),
    ...companyColumn<FinanceRow, FinanceTotals>(ctx),
    figure('tokens', w('Tokens (count)', 'Žetoni (kom.)'), 'count', true),
    figure('tokensCents', w('Tokens (value)', 'Žetoni (iznos)'), 'money', true),
    figure('grossCents', w('Gross revenue', 'Bruto prihod'), 'money', true),
    col(w('Token share', 'Udio žetona'), 'percent', (r) => tokenShare(r.tokensCents, r.grossCents), {
      pdf: true,
      total: (t) => tokenShare(t.tokensCents, t.grossCents),
    }),
  ],
};

type Logistic = Awaited<ReturnType<typeof logisticReport>>;
type LogisticLine = Logistic['rows'][number];
const logisticSpec: ReportSpec<'logistic-report', LogisticLine, Logistic['totals']> = {
  kind: 'logistic-report',
  title: (p) =>
    p.subject === 'device'
      ? w('Logistic report by device', 'Logistički izvještaj po uređajima')
      : w('Logistic report by location', 'Logistički izvještaj po lokacijama'),
  check: logisticScope,
  page: async (db, ctx, p, page, size) => {
    const r = await logisticReport(db, ctx, { ...p, page, itemsPerPage: size });
    return { rows: r.rows, total: r.totalItems, totals: r.totals, from: r.from, to: r.to };
  },
  columns: (_ctx, p) => [
    col(p.subject === 'device' ? w('Device', 'Uređaj') : w('Location', 'Lokacija'), 'text', (r) => r.name, { pdf: true, width: 30 }),
    col(w('Location', 'Lokacija'), 'text', (r) => r.locationName, { pdf: p.subject === 'device' }),
    col(w('Group', 'Grupa'), 'text', (r) => r.group),
    col(w('Devices', 'Uređaji'), 'count', (r) => r.devices),
    figure('plays', w('Plays', 'Igre'), 'count', true),
    figure('grossCents', w('Gross revenue', 'Bruto prihod'), 'money', true),
    col(w('Money in', 'Uplaćeno'), 'money', (r) => r.moneyInCents),
    col(w('Paid out', 'Isplaćeno'), 'money', (r) => r.paidOutCents),
    col(w('Net saldo', 'Neto saldo'), 'money', (r) => r.netSaldoCents),
    col(w('Prizes out', 'Izdane nagrade'), 'count', (r) => r.prizesOut),
    col(w('Payout ratio', 'Omjer isplate'), 'percent', (r) => (r.payoutRatio === null ? null : r.payoutRatio * 100)),
    col(w('Prizes left', 'Preostale nagrade'), 'count', (r) => r.prizesLeft),
    figure('prizesToRefill', w('Prizes to refill', 'Nagrade za dopunu'), 'count', true),
    figure('cashInBoxCents', w('Cash in box', 'Novac u kasici'), 'money', true),
    col(w('Last emptied', 'Zadnje pražnjenje'), 'text', (r) => (r.lastEmptiedAt ? formatDateTime(r.lastEmptiedAt) : null)),
    col(w('Days since emptying', 'Dana od pražnjenja'), 'count', (r) => r.daysSinceEmptying),
    col(w('Daily intake', 'Dnevni priljev'), 'money', (r) => r.dailyIntakeCents),
    col(w('Box capacity', 'Kapacitet kasice'), 'money', (r) => r.capacityCents),
    col(w('Full on', 'Puna dana'), 'date', (r) => r.fullOn, { pdf: true }),
  ],
};

type Comparative = Awaited<ReturnType<typeof comparativeAnalysis>>;
type ComparativeLine = Comparative['rows'][number];
const comparativeSubjects = { device: w('Device', 'Uređaj'), location: w('Location', 'Lokacija'), lessor: w('Lessor', 'Najmodavac') };
const comparativeSpec: ReportSpec<'comparative-analysis', ComparativeLine, Comparative['totals']> = {
  kind: 'comparative-analysis',
  title: (p) =>
    ({
      device: w('Comparative analysis by device', 'Usporedna analiza po uređajima'),
      location: w('Comparative analysis by location', 'Usporedna analiza po lokacijama'),
      lessor: w('Comparative analysis by lessor', 'Usporedna analiza po najmodavcima'),
    })[p.subject],
  check: comparativeScope,
  page: async (db, ctx, p, page, size) => {
    const r = await comparativeAnalysis(db, ctx, { ...p, page, itemsPerPage: size });
    return { rows: r.rows, total: r.totalItems, totals: r.totals, from: r.from, to: r.to };
  },
  columns: (ctx, p) => [
    col(w('Rank', 'Rang'), 'count', (r) => r.rank, { pdf: true }),
    col(comparativeSubjects[p.subject], 'text', (r) => r.name, { pdf: true, width: 32 }),
    ...companyColumn<ComparativeLine, Comparative['totals']>(ctx),
    figure(
      'currentCents',
      w(`Revenue ${formatDate(p.from)} – ${formatDate(p.to)}`, `Prihod ${formatDate(p.from)} – ${formatDate(p.to)}`),
      'money',
      true,
    ),
    figure(
      'previousCents',
      w(
        `Revenue ${formatDate(p.compareFrom)} – ${formatDate(p.compareTo)}`,
        `Prihod ${formatDate(p.compareFrom)} – ${formatDate(p.compareTo)}`,
      ),
      'money',
      true,
    ),
    figure('changeCents', w('Change', 'Promjena'), 'money', true),
    col(w('Change %', 'Promjena %'), 'percent', (r) => r.changePercent, {
      pdf: true,
      total: (t) => t.changePercent,
    }),
    figure('currentPlays', w('Plays', 'Igre'), 'count'),
    figure('previousPlays', w('Plays (compared)', 'Igre (usporedba)'), 'count'),
  ],
};

// The loyalty reports: the flows of the card ledger, named as their screens name them.
type Flows = LoyaltyFlows;
function flowColumns<Row extends Flows, Totals extends Flows>(): ReportColumn<Row, Totals>[] {
  return [
    figure('topUps', w('Top-ups', 'Nadoplate'), 'count'),
    figure('topUpPaidCents', w('Top-ups paid', 'Uplaćeno nadoplatama'), 'money', true),
    figure('bonusCents', w('Bonus', 'Bonus'), 'money', true),
    figure('spends', w('Spends', 'Potrošnje'), 'count'),
    figure('spendPaidCents', w('Spent (paid credit)', 'Potrošeno (uplaćeni kredit)'), 'money', true),
    figure('spendBonusCents', w('Spent (bonus)', 'Potrošeno (bonus)'), 'money'),
    figure('adjustmentPaidCents', w('Corrections (paid credit)', 'Korekcije (uplaćeni kredit)'), 'money'),
    figure('adjustmentBonusCents', w('Corrections (bonus)', 'Korekcije (bonus)'), 'money'),
  ];
}

type General = Awaited<ReturnType<typeof loyaltyGeneralReport>>;
type GeneralLine = General['periods'][number];
const generalSpec: ReportSpec<'loyalty-report-general', GeneralLine, General['totals']> = {
  kind: 'loyalty-report-general',
  title: () => w('Loyalty report', 'Izvještaj o vjernosti'),
  check: loyaltyGeneralScope,
  // Not paged: a line per period of the range (at most 366 by day or week, 120 by month).
  page: async (db, ctx, p) => {
    const r = await loyaltyGeneralReport(db, ctx, p);
    return { rows: r.periods, total: r.periods.length, totals: r.totals, from: r.from, to: r.to };
  },
  columns: (_ctx, p) => [
    ...periodColumns<GeneralLine, General['totals']>(p.period ?? 'month'),
    figure('cardsIssued', w('Cards issued', 'Izdane kartice'), 'count', true),
    figure('cardsActive', w('Active cards', 'Aktivne kartice'), 'count', true),
    ...flowColumns<GeneralLine, General['totals']>(),
    figure('outstandingPaidCents', w('Outstanding paid credit', 'Neiskorišteni uplaćeni kredit'), 'money', true),
    figure('outstandingBonusCents', w('Outstanding bonus', 'Neiskorišteni bonus'), 'money'),
  ],
};

type Owners = Awaited<ReturnType<typeof loyaltyOwnerReport>>;
type OwnerLine = Owners['rows'][number];
const ownersSpec: ReportSpec<'loyalty-report-owners', OwnerLine, Owners['totals']> = {
  kind: 'loyalty-report-owners',
  title: () => w('Loyalty report by owner', 'Izvještaj o vjernosti po vlasnicima'),
  check: loyaltyReportScope,
  page: async (db, ctx, p, page, size) => {
    const r = await loyaltyOwnerReport(db, ctx, { ...p, page, itemsPerPage: size });
    return { rows: r.rows, total: r.totalItems, totals: r.totals, from: r.from, to: r.to };
  },
  columns: (ctx) => [
    col(w('Programme owner', 'Vlasnik programa'), 'text', (r) => r.name, { pdf: true, width: 30 }),
    ...companyColumn<OwnerLine, Owners['totals']>(ctx),
    col(w('Operator', 'Operater'), 'text', (r, lang) => yesNo[lang][r.isOperator ? 0 : 1]),
    figure('cards', w('Cards', 'Kartice'), 'count', true),
    figure('cardsActive', w('Active cards', 'Aktivne kartice'), 'count'),
    ...flowColumns<OwnerLine, Owners['totals']>(),
    figure('outstandingPaidCents', w('Outstanding paid credit', 'Neiskorišteni uplaćeni kredit'), 'money', true),
    figure('outstandingBonusCents', w('Outstanding bonus', 'Neiskorišteni bonus'), 'money'),
    col(
      w('Spent on the operator’s machines', 'Potrošeno na operaterovim uređajima'),
      'money',
      (r) => r.settlement?.operatorSpendPaidCents ?? null,
      {
        total: (t) => t.operatorSpendPaidCents,
      },
    ),
    col(w('Commission', 'Provizija'), 'money', (r) => r.settlement?.commissionCents ?? null),
    col(w('Owed to the operator', 'Dug operateru'), 'money', (r) => r.settlement?.owedCents ?? null, {
      pdf: true,
      total: (t) => t.owedCents,
    }),
  ],
};

type Cards = Awaited<ReturnType<typeof loyaltyCardReport>>;
type CardLine = Cards['rows'][number];
const cardsSpec: ReportSpec<'loyalty-report-cards', CardLine, Cards['totals']> = {
  kind: 'loyalty-report-cards',
  title: () => w('Loyalty report by card', 'Izvještaj o vjernosti po karticama'),
  check: loyaltyReportScope,
  page: async (db, ctx, p, page, size) => {
    const r = await loyaltyCardReport(db, ctx, { ...p, page, itemsPerPage: size });
    return { rows: r.rows, total: r.totalItems, totals: r.totals, from: r.from, to: r.to };
  },
  columns: (ctx) => [
    col(w('Card number', 'Broj kartice'), 'text', (r) => r.number, { pdf: true }),
    ...companyColumn<CardLine, Cards['totals']>(ctx),
    col(w('Chip id (UID)', 'Oznaka čipa (UID)'), 'text', (r) => r.uid),
    col(w('Programme owner', 'Vlasnik programa'), 'text', (r) => r.ownerName, { pdf: true }),
    col(w('Holder', 'Korisnik'), 'text', (r) => r.holderName, { pdf: true }),
    col(w('Status', 'Status'), 'text', (r) => r.status),
    col(w('Check', 'Provjera'), 'text', (r, lang) => yesNo[lang][r.flagged ? 0 : 1]),
    ...flowColumns<CardLine, Cards['totals']>(),
    figure('balancePaidCents', w('Balance (paid credit)', 'Stanje (uplaćeni kredit)'), 'money', true),
    figure('balanceBonusCents', w('Balance (bonus)', 'Stanje (bonus)'), 'money'),
    col(w('Last used', 'Zadnje korištenje'), 'text', (r) => (r.lastUsedAt ? formatDateTime(r.lastUsedAt) : null)),
  ],
};

type Holders = Awaited<ReturnType<typeof loyaltyHolderReport>>;
type HolderLine = Holders['rows'][number];
const holdersSpec: ReportSpec<'loyalty-report-holders', HolderLine, Holders['totals']> = {
  kind: 'loyalty-report-holders',
  title: () => w('Loyalty report by card holder', 'Izvještaj o vjernosti po korisnicima'),
  check: loyaltyReportScope,
  page: async (db, ctx, p, page, size) => {
    const r = await loyaltyHolderReport(db, ctx, { ...p, page, itemsPerPage: size });
    return { rows: r.rows, total: r.totalItems, totals: r.totals, from: r.from, to: r.to };
  },
  columns: (ctx) => [
    col(w('Holder', 'Korisnik'), 'text', (r) => r.name, { pdf: true, width: 30 }),
    ...companyColumn<HolderLine, Holders['totals']>(ctx),
    col(w('Programme owner', 'Vlasnik programa'), 'text', (r) => r.ownerName, { pdf: true }),
    col(w('Cards', 'Kartice'), 'count', (r) => r.cards, { pdf: true }),
    ...flowColumns<HolderLine, Holders['totals']>(),
    figure('balancePaidCents', w('Balance (paid credit)', 'Stanje (uplaćeni kredit)'), 'money', true),
    figure('balanceBonusCents', w('Balance (bonus)', 'Stanje (bonus)'), 'money'),
  ],
};

/** A line of the product sales report: an article's sales, or a device's selection no planogram maps. */
interface ProductSalesLine {
  name: string;
  selection: string | null;
  vends: number;
  valueCents: number;
}
const productSalesSpec: ReportSpec<'product-sales', ProductSalesLine, { vends: number; valueCents: number }> = {
  kind: 'product-sales',
  title: () => w('Product sales from the machine audits', 'Prodaja proizvoda iz audita automata'),
  check: productSalesScope,
  // One answer holds every line: the pages are its slices.
  page: async (db, ctx, p, page, size) => {
    const r = await productSalesReport(db, ctx, p);
    const lines: ProductSalesLine[] = [
      ...r.rows.map((row) => ({ name: row.articleName, selection: null, vends: row.vends, valueCents: row.valueCents })),
      ...r.unmapped.map((u) => ({ name: u.deviceName, selection: u.selection, vends: u.vends, valueCents: u.valueCents })),
    ];
    return { rows: lines.slice((page - 1) * size, page * size), total: lines.length, totals: r.totals, from: r.from, to: r.to };
  },
  columns: () => [
    col(w('Article (or device)', 'Artikl (ili uređaj)'), 'text', (r) => r.name, { pdf: true, width: 40 }),
    col(w('Selection without an article', 'Odabir bez artikla'), 'text', (r) => r.selection, { pdf: true }),
    figure('vends', w('Vends', 'Prodaje'), 'count', true),
    figure('valueCents', w('Value', 'Iznos'), 'money', true),
  ],
};

function dataSet<K extends ReportExportKind, Row, Totals>(kind: K, spec: ReportSpec<K, Row, Totals>): ReportDataSet {
  return {
    // The report's own scope check, not a page of it: the request answers without running the report.
    check: (ctx, params) => void spec.check(ctx, params as ReportExportParams<K>),
    component: exportComponent[kind],
    title: (params, lang) => spec.title(params as ReportExportParams<K>)[lang],
    build: buildReport(spec),
  };
}

/** The reports an export can hold: a new report is one entry here (and its params in the contract). */
export const reportDataSets: Record<ReportExportKind, ReportDataSet> = {
  'finance-report': {
    // The finance report's scope check needs no query (its own 4xx: range, references, subject).
    check: (ctx, params) => void financeScope(ctx, params as ReportExportParams<'finance-report'>),
    title: (params, lang) => financeTitle((params as ReportExportParams<'finance-report'>).subject, lang),
    build: (db, ctx, params, format, sink, progress, options) =>
      buildFinanceExport(db, ctx, params as ReportExportParams<'finance-report'>, format, sink, progress, options),
  },
  'token-report': dataSet('token-report', tokenSpec),
  'logistic-report': dataSet('logistic-report', logisticSpec),
  'comparative-analysis': dataSet('comparative-analysis', comparativeSpec),
  'loyalty-report-general': dataSet('loyalty-report-general', generalSpec),
  'loyalty-report-owners': dataSet('loyalty-report-owners', ownersSpec),
  'loyalty-report-cards': dataSet('loyalty-report-cards', cardsSpec),
  'loyalty-report-holders': dataSet('loyalty-report-holders', holdersSpec),
  'product-sales': dataSet('product-sales', productSalesSpec),
  // One month, two tables (the book and its reconciliation): a builder of its own.
  // The VAT book is not a report of the reports module: its export is written in exports.vat-book.ts.
  'vat-book': {
    check: checkVatBookExport,
    title: (_params, lang) => vatBookTitle(lang),
    build: (db, ctx, params, format, sink, progress, options) =>
      buildVatBookExport(db, ctx, params as Parameters<typeof buildVatBookExport>[2], format, sink, progress, options),
  },
};
