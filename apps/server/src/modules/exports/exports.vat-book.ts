import {
  type ExportFormat,
  formatDate,
  formatDateTime,
  type Language,
  type ReportExportParams,
  type VatBookKind,
  type VatReconciliationKey,
} from '@kovanica/contract';
import type { RequestContext } from '../../core/context.ts';
import type { Db } from '../../db/client.ts';
import { vatBook, vatBookScope } from '../vat-book/vat-book.service.ts';
import { aboutLines, describeBuild, exportFileName } from './exports.about.ts';
import { type ByteSink, type Cell, type FileHead, fileWriter } from './exports.files.ts';
import type { BuiltFile, Progress } from './exports.finance.ts';

type Params = ReportExportParams<'vat-book'>;
type Words = { en: string; hr: string };
const w = (en: string, hr: string): Words => ({ en, hr });

/** The VAT book's words, as its screen says them (apps/web i18n, `resources.vatBook`). */
const words = {
  title: w('VAT book', 'Knjiga PDV-a'),
  book: w('VAT book', 'Knjiga PDV-a'),
  reconciliation: w('Reconciliation with the finance report', 'Usklađenje s financijskim izvještajem'),
  columns: {
    section: w('Section', 'Dio'),
    line: w('Line', 'Stavka'),
    rate: w('VAT rate', 'Stopa PDV-a'),
    count: w('Count', 'Broj'),
    base: w('Base', 'Osnovica'),
    vat: w('VAT', 'PDV'),
    total: w('Total', 'Ukupno'),
    aside: w('In neither', 'Ni u jednom'),
  },
  notInVat: w('Not in the VAT system', 'Izvan sustava PDV-a'),
  kinds: {
    device: w('Device payments', 'Uplate na uređajima'),
    top_up: w('Card top-ups', 'Nadoplate kartica'),
    manual: w('Manual bills', 'Ručni računi'),
    storno: w('Storno bills', 'Storno računi'),
  } satisfies Record<VatBookKind, Words>,
  billsTotal: w('Bills’ total', 'Ukupno računi'),
  lines: {
    topUps: w('Top-up bills: credit sold, not machine revenue', 'Računi nadoplata: prodani kredit, nije prihod uređaja'),
    manual: w('Other manual bills: not machine revenue', 'Ostali ručni računi: nije prihod uređaja'),
    storno: w('Storno bills: revenue is not reduced', 'Storno računi: prihod se ne umanjuje'),
    earlierPayments: w('Bills of payments made in an earlier month', 'Računi za uplate iz ranijeg mjeseca'),
    laterBills: w('Payments of this month billed in a later month', 'Uplate ovog mjeseca s računom u kasnijem mjesecu'),
    unbilled: w('Payments without a bill (device not fiscalizing)', 'Uplate bez računa (uređaj ne fiskalizira)'),
    closedMonthIn: w('Payments of a closed month counted in this month', 'Uplate zatvorenog mjeseca uračunate u ovaj mjesec'),
    closedMonthOut: w(
      'Payments of this month counted in a later month (after its close)',
      'Uplate ovog mjeseca uračunate u kasniji mjesec (nakon zatvaranja)',
    ),
    cardPlays: w('Card plays: paid credit, VAT charged at sale', 'Igre karticom: uplaćeni kredit, PDV obračunat pri prodaji'),
    tokenPlays: w('Token plays: VAT charged at sale', 'Igre žetonima: PDV obračunat pri prodaji'),
    bonusPlays: w('Card bonus plays: neither billed nor revenue', 'Igre bonusom s kartice: ni račun ni prihod'),
    testPlays: w('Test plays: neither billed nor revenue', 'Testne igre: ni račun ni prihod'),
  } satisfies Record<VatReconciliationKey, Words>,
  unexplained: w('Unexplained difference', 'Neobjašnjena razlika'),
  finance: w('Finance report: gross revenue and VAT', 'Financijski izvještaj: bruto prihod i PDV'),
  saleVat: w('Finance report: VAT charged at sale', 'Financijski izvještaj: PDV obračunat pri prodaji'),
  vatReturn: w('VAT return', 'Prijava PDV-a'),
  generated: w('Generated {at}', 'Izrađeno {at}'),
  page: w('Page {page} of {pages}', 'Stranica {page} od {pages}'),
};
const say = (text: Words, lang: Language, params: Record<string, string | number> = {}) =>
  text[lang].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k]));
const rateLabel = (r: { inVatSystem: boolean; vatRate: number | null }, lang: Language) =>
  r.inVatSystem ? `${r.vatRate ?? 0} %` : words.notInVat[lang];

/**
 * The VAT book's file (CSV, XLSX or PDF; decision 0042's five lines first): the book's lines by rate
 * and kind, then the reconciliation from the bills' total to the finance report's gross and VAT line
 * by line, then in bold what the VAT return needs (per rate and in all).
 * Long because: the file's head, the book's lines and the reconciliation's are written in the file's order and the user's language: mostly the cells of each line.
 */
export async function buildVatBookExport(
  db: Db,
  ctx: RequestContext,
  params: Params,
  format: ExportFormat,
  sink: ByteSink,
  progress: Progress,
  options: { now?: Date } = {},
): Promise<BuiltFile> {
  const lang = ctx.lang;
  const book = await vatBook(db, ctx, params);
  const title = words.title[lang];
  const madeAt = options.now ?? new Date();
  const about = await describeBuild(db, ctx, {
    kind: 'vat-book',
    report: true,
    params: params as Record<string, unknown>,
    title,
    period: null,
    from: book.from,
    to: book.to,
  });
  const c = words.columns;
  const head: FileHead = {
    title,
    subtitle: `${formatDate(book.from)} – ${formatDate(book.to)}${ctx.view === 'all' ? ` · ${lang === 'hr' ? 'Sve tvrtke' : 'All companies'}` : ''}`,
    sheet: title,
    columns: [
      { label: c.section[lang], type: 'text', width: 24, pdf: true },
      { label: c.line[lang], type: 'text', width: 48, pdf: true },
      { label: c.rate[lang], type: 'text', width: 20, pdf: true },
      { label: c.count[lang], type: 'count', pdf: true },
      { label: c.base[lang], type: 'money', pdf: true },
      { label: c.vat[lang], type: 'money', pdf: true },
      { label: c.total[lang], type: 'money', pdf: true },
      { label: c.aside[lang], type: 'money', pdf: true },
    ],
    empty: '',
    about: aboutLines(about, lang, madeAt),
  };
  const writer = fileWriter(format, head, sink, () => ({
    generated: say(words.generated, lang, { at: formatDateTime(madeAt) }),
    footer: (page, pages) => say(words.page, lang, { page, pages }),
  }));
  const inVat = (r: { inVatSystem: boolean }, cents: number): Cell => (r.inVatSystem ? cents : null);
  const section = words.book[lang];
  const bookLines: Cell[][] = book.lines.map((l) => [
    section,
    words.kinds[l.kind][lang],
    rateLabel(l, lang),
    l.bills,
    inVat(l, l.baseCents),
    inVat(l, l.vatCents),
    l.totalCents,
    null,
  ]);
  const rec = book.reconciliation;
  const other = words.reconciliation[lang];
  const recLines: Cell[][] = [
    [other, words.billsTotal[lang], null, book.totals.bills, null, rec.billsVatCents, rec.billsTotalCents, null],
    ...rec.lines.map((l): Cell[] => [
      other,
      words.lines[l.line][lang],
      null,
      l.count,
      null,
      l.asideCents === null ? l.vatCents : null,
      l.asideCents === null ? l.grossCents : null,
      l.asideCents,
    ]),
    ...(rec.unexplainedGrossCents !== 0 || rec.unexplainedVatCents !== 0
      ? [[other, words.unexplained[lang], null, null, null, rec.unexplainedVatCents, rec.unexplainedGrossCents, null] as Cell[]]
      : []),
    [other, words.finance[lang], null, null, null, rec.financeVatCents, rec.financeGrossCents, null],
    [other, words.saleVat[lang], null, null, null, rec.financeSaleVatCents, null, null],
  ];
  await writer.write(bookLines);
  await writer.write(recLines);
  await progress(bookLines.length + recLines.length, bookLines.length + recLines.length);
  const vatReturn = words.vatReturn[lang];
  await writer.finish([
    ...book.rates.map((r): Cell[] => [
      vatReturn,
      words.columns.total[lang],
      rateLabel(r, lang),
      r.bills,
      inVat(r, r.baseCents),
      inVat(r, r.vatCents),
      r.totalCents,
      null,
    ]),
    [
      vatReturn,
      words.columns.total[lang],
      null,
      book.totals.bills,
      book.totals.baseCents,
      book.totals.vatCents,
      book.totals.totalCents,
      null,
    ],
  ]);
  return {
    fileName: exportFileName(title, about, lang, format, { from: book.from, to: book.to }),
    rows: bookLines.length + recLines.length,
  };
}

/** The VAT book's own check of an export's params (the company reference), reading nothing. */
export const checkVatBookExport = (ctx: RequestContext, params: unknown) => void vatBookScope(ctx, params as Params);

/** The VAT book export's title, in the reader's language. */
export const vatBookTitle = (lang: Language) => words.title[lang];
