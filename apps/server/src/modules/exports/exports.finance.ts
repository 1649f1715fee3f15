import {
  EXPORT_PDF_MAX_LINES,
  type ExportFormat,
  type FinanceExportParams,
  type FinancePeriod,
  type FinanceReport,
  type FinanceRow,
  type FinanceSubject,
  financeCosts,
  type financeFigures,
  formatDate,
  formatDateTime,
  type Language,
  monthEnd,
} from '@kovanica/contract';
import type { RequestContext } from '../../core/context.ts';
import { DomainError } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { financeReport } from '../reports/reports.service.ts';
import { aboutLines, describeBuild, exportFileName } from './exports.about.ts';
import { type ByteSink, barChartSvg, type Cell, type FileColumn, type FileHead, fileWriter } from './exports.files.ts';

/** Lines asked of the finance service at a time: a few statements for a big report, a few MB at most in memory. */
export const FINANCE_EXPORT_PAGE = 2_000;

/** The words of the finance report's files, as the screens say them (apps/web i18n, `resources.finance`). */
const words = {
  en: {
    titles: {
      device: 'Finance report by device',
      location: 'Finance report by location',
      lessor: 'Finance report by lessor',
      company: 'Finance report by company',
    },
    sheet: 'Finance report',
    periods: { day: 'Per day', week: 'Per week', month: 'Per month', year: 'Per year', range: 'Whole range' },
    subjects: { device: 'Device', location: 'Location', lessor: 'Lessor', company: 'Company' },
    none: { device: 'No device', location: 'No location', lessor: 'No lessor', company: 'No company' },
    period: 'Period',
    from: 'From',
    to: 'To',
    company: 'Company',
    total: 'Total',
    allCompanies: 'All companies',
    generated: 'Generated {at}',
    page: 'Page {page} of {pages}',
    fields: {
      grossCents: 'Gross revenue',
      netCents: 'Net revenue',
      vatCents: 'VAT',
      saleVatCents: 'VAT charged at sale',
      cardBonusCents: 'Card bonus plays',
      rentCents: 'Rent',
      shareCents: "Operator's share",
      maintenanceCents: 'Maintenance',
      operationalCostsCents: 'Operational costs',
      prizeCostCents: 'Prize cost',
      ebitdaCents: 'EBITDA',
      plays: 'Plays',
      coinsCents: 'Coins',
      notesCents: 'Banknotes',
      cashlessCents: 'Cashless',
      cardCents: 'Cards',
      tokens: 'Tokens (count)',
      tokensCents: 'Tokens (value)',
    },
  },
  hr: {
    titles: {
      device: 'Financijski izvještaj po uređajima',
      location: 'Financijski izvještaj po lokacijama',
      lessor: 'Financijski izvještaj po najmodavcima',
      company: 'Financijski izvještaj po tvrtkama',
    },
    sheet: 'Financijski izvještaj',
    periods: { day: 'Po danu', week: 'Po tjednu', month: 'Po mjesecu', year: 'Po godini', range: 'Cijelo razdoblje' },
    subjects: { device: 'Uređaj', location: 'Lokacija', lessor: 'Najmodavac', company: 'Tvrtka' },
    none: { device: 'Bez uređaja', location: 'Bez lokacije', lessor: 'Bez najmodavca', company: 'Bez tvrtke' },
    period: 'Razdoblje',
    from: 'Od',
    to: 'Do',
    company: 'Tvrtka',
    total: 'Ukupno',
    allCompanies: 'Sve tvrtke',
    generated: 'Izrađeno {at}',
    page: 'Stranica {page} od {pages}',
    fields: {
      grossCents: 'Bruto prihod',
      netCents: 'Neto prihod',
      vatCents: 'PDV',
      saleVatCents: 'PDV obračunat pri prodaji',
      cardBonusCents: 'Igre s bonusa kartica',
      rentCents: 'Najamnina',
      shareCents: 'Udio operatera',
      maintenanceCents: 'Održavanje',
      operationalCostsCents: 'Operativni troškovi',
      prizeCostCents: 'Trošak nagrada',
      ebitdaCents: 'EBITDA',
      plays: 'Igre',
      coinsCents: 'Kovanice',
      notesCents: 'Novčanice',
      cashlessCents: 'Bezgotovinski',
      cardCents: 'Kartice',
      tokens: 'Žetoni (kom.)',
      tokensCents: 'Žetoni (iznos)',
    },
  },
} as const;

const monthNames = new Map<string, Intl.DateTimeFormat>();
/** A line's period as the screen names it: a day, a whole month by name, a whole year, else its days. */
export function periodLabel(period: FinancePeriod, start: string, end: string, language: Language): string {
  if (period === 'day' || start === end) return formatDate(start);
  if (period === 'month' && start.endsWith('-01') && end === monthEnd(start)) {
    const locale = language === 'hr' ? 'hr-HR' : 'en-GB';
    let format = monthNames.get(locale);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
      monthNames.set(locale, format);
    }
    return format.format(new Date(`${start}T12:00:00Z`));
  }
  if (period === 'year' && start.endsWith('-01-01') && end.endsWith('-12-31')) return start.slice(0, 4);
  return `${formatDate(start)} – ${formatDate(end)}`;
}

/** The finance report's title by its subject, in the reader's language (the file's and the exports list's). */
export const financeTitle = (subject: FinanceSubject, lang: Language) => words[lang].titles[subject];

type Figure = (typeof financeFigures)[number] | (typeof financeCosts)[number];

/** The figures in the screen's order: gross, net, VAT, rent, share (the company report's costs and EBITDA), plays, the parts. */
function figuresOf(subject: FinanceSubject): { field: Figure; pdf: boolean }[] {
  // EBITDA's PDF shows every figure it subtracts from net revenue (rent, maintenance, operational costs, prize cost).
  const costs = subject === 'company' ? financeCosts.map((field) => ({ field, pdf: true })) : [];
  return [
    ...(['grossCents', 'netCents', 'vatCents', 'saleVatCents', 'rentCents', 'shareCents'] as const).map((field) => ({ field, pdf: true })),
    ...costs,
    { field: 'plays', pdf: true },
    ...(['coinsCents', 'notesCents', 'cashlessCents', 'cardCents', 'tokens', 'tokensCents', 'cardBonusCents'] as const).map((field) => ({
      field,
      pdf: false,
    })),
  ];
}

const interpolate = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k]));

/** Where the build is: called after each page with lines written and lines in all. */
export type Progress = (written: number, total: number) => Promise<void>;
/** A built file (its bytes went to the sink): its name and how many lines it has. */
export interface BuiltFile {
  fileName: string;
  rows: number;
}

/**
 * Builds a finance report's file through the finance service a page at a time (the same query as
 * `GET /finance-report`, so the same figures): the lines in the report's order, then a totals line
 * summed from them, written to `sink` as they come. Answers the file's name and how many lines it has.
 */
export async function buildFinanceExport(
  db: Db,
  ctx: RequestContext,
  params: FinanceExportParams,
  format: ExportFormat,
  sink: ByteSink,
  progress: Progress,
  /** The page size and the PDF's limit (tests make them small), the time the PDF says it was made. */
  options: { pageSize?: number; pdfMaxLines?: number; now?: Date } = {},
): Promise<BuiltFile> {
  const w = words[ctx.lang];
  const pageSize = options.pageSize ?? FINANCE_EXPORT_PAGE;
  const pdfMaxLines = options.pdfMaxLines ?? EXPORT_PDF_MAX_LINES;
  const ask = (page: number) => financeReport(db, ctx, { ...params, page, itemsPerPage: pageSize });
  const first = await ask(1);
  const total = first.totalItems;
  if (format === 'pdf' && total > pdfMaxLines) throw new DomainError(422, 'export_pdf_too_long', { max: pdfMaxLines, lines: total });
  const { subject, period } = first;
  const wide = ctx.view === 'all' && subject !== 'company';
  const figures = figuresOf(subject);
  const columns: FileColumn[] = [
    { label: w.period, type: 'text', width: 24, pdf: true },
    { label: w.from, type: 'date' },
    { label: w.to, type: 'date' },
    { label: w.subjects[subject], type: 'text', width: 32, pdf: true },
    ...(wide ? [{ label: w.company, type: 'text' as const, width: 28, pdf: true }] : []),
    ...figures.map(({ field, pdf }) => ({
      label: w.fields[field],
      type: field === 'plays' || field === 'tokens' ? ('count' as const) : ('money' as const),
      pdf,
    })),
  ];
  const cells = (row: FinanceRow): Cell[] => [
    periodLabel(period, row.periodStart, row.periodEnd, ctx.lang),
    row.periodStart,
    row.periodEnd,
    row.name ?? (row.subject === null ? w.none[subject] : null),
    ...(wide ? [row.companyName] : []),
    ...figures.map(({ field }) => row[field]),
  ];
  const range = `${formatDate(first.from)} – ${formatDate(first.to)}`;
  const madeAt = options.now ?? new Date();
  const about = await describeBuild(db, ctx, {
    kind: 'finance-report',
    report: true,
    params,
    title: w.titles[subject],
    period,
    from: first.from,
    to: first.to,
  });
  const head: FileHead = {
    title: w.titles[subject],
    subtitle: `${range} · ${w.periods[period]}${ctx.view === 'all' ? ` · ${w.allCompanies}` : ''}`,
    sheet: w.sheet,
    columns,
    empty: w.none[subject],
    about: aboutLines(about, ctx.lang, madeAt),
  };
  const writer = fileWriter(format, head, sink, () => ({
    chart: chartOf(first, ctx.lang),
    generated: interpolate(w.generated, { at: formatDateTime(madeAt) }),
    footer: (page, pages) => interpolate(w.page, { page, pages }),
  }));
  const sums = new Map<Figure, number>(figures.map(({ field }) => [field, 0]));
  let written = 0;
  const add = async (report: FinanceReport) => {
    for (const row of report.rows) for (const { field } of figures) sums.set(field, (sums.get(field) ?? 0) + (row[field] ?? 0));
    await writer.write(report.rows.map(cells));
    written += report.rows.length;
    await progress(written, total);
  };
  await add(first);
  const pages = Math.ceil(total / pageSize);
  for (let page = 2; page <= pages; page++) await add(await ask(page));
  const totals: Cell[] = [
    w.total,
    first.from,
    first.to,
    null,
    ...(wide ? [null] : []),
    ...figures.map(({ field }) => sums.get(field) ?? 0),
  ];
  await writer.finish([totals.map((v, i) => (i === 3 && v === null ? '' : v))]);
  return { fileName: exportFileName(w.titles[subject], about, ctx.lang, format, { from: first.from, to: first.to }), rows: written };
}

/** The PDF's chart: gross, net and rent per period, where there are periods to compare. */
function chartOf(report: FinanceReport, lang: Language): string | null {
  if (report.periods.length < 2) return null;
  const w = words[lang];
  const labels = report.periods.map((p) => periodLabel(report.period, p.periodStart, p.periodEnd, lang).replace(/ – .*/, ''));
  return barChartSvg(labels, [
    { name: w.fields.grossCents, color: '#1c7ed6', values: report.periods.map((p) => p.grossCents) },
    { name: w.fields.netCents, color: '#37b24d', values: report.periods.map((p) => p.netCents) },
    { name: w.fields.rentCents, color: '#f59f00', values: report.periods.map((p) => p.rentCents) },
  ]);
}
