import {
  formatDate,
  formatMoney,
  formatPercent,
  type LessorStatement,
  type LessorStatementLine,
  type RentalType,
} from '@kovanica/contract';
import type { Content, CustomTableLayout, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { monthName } from '../../lib/day.ts';

export interface StatementInput {
  statement: LessorStatement;
  /** The user's language, for the month's name. */
  language: string;
  /** The texts in the user's language (`resources.lessors.statement.*`). */
  t: (key: string, values?: Record<string, unknown>) => string;
}

/** Thin rules between the rows of a table (a firmer one under a header), none around it. */
const rules: CustomTableLayout = {
  hLineWidth: (i, node) => (i === 0 || i === node.table.body.length ? 0 : i === node.table.headerRows ? 1 : 0.5),
  vLineWidth: () => 0,
  hLineColor: () => '#cccccc',
  paddingLeft: (i) => (i === 0 ? 0 : 4),
  paddingRight: (i, node) => (Array.isArray(node.table.widths) && i === node.table.widths.length - 1 ? 0 : 4),
};

/** `statement-<lessor>-<YYYY-MM>`: the lessor's name in plain letters, for a file name. */
export function statementFileName(stem: string, lessorName: string, month: string): string {
  const name = lessorName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, (c) => (c === 'đ' ? 'd' : 'D'))
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return `${stem}-${name || 'lessor'}-${month}`;
}

/** The terms in words: "Fixed: 300,00 € a month", "Mixed: 200,00 € a month + 20 % of revenue above 1.000,00 €". */
function termsText(
  s: (key: string, values?: Record<string, unknown>) => string,
  type: RentalType | null,
  amount: number | null,
  rate: number | null,
  limit: number | null,
): string {
  if (type === null) return s('terms.none');
  return s(`terms.${type}`, { amount: formatMoney(amount ?? 0), percent: formatPercent(rate ?? 0), limit: formatMoney(limit ?? 0) });
}

/**
 * The monthly lessor statement as an A4 document: the operator on top, the lessor and its terms, a
 * summary line per location, then each location's revenue and how its rent was worked out (the terms
 * and whose they are, the contract's days in the month, the proration, the percentage), and the rent
 * owed in all, in the user's language. Pure, so it is tested without pdfmake; `statement-pdf.ts`
 * renders it.
 */
export function statementDocument({ statement, language, t }: StatementInput): TDocumentDefinitions {
  const s = (key: string, values?: Record<string, unknown>) => t(`resources.lessors.statement.${key}`, values);
  const { company, lessor, lines, totals } = statement;
  const month = monthName(statement.month, language, 'long');
  const right = (text: string, bold = false): TableCell => ({ text, alignment: 'right', bold });
  const period = (from: string | null, to: string | null) =>
    from === null ? s('contract.none') : `${formatDate(from)} – ${to === null ? s('contract.open') : formatDate(to)}`;

  const summary: TableCell[][] = [
    [{ text: s('location'), bold: true }, right(s('gross'), true), right(s('rent'), true)],
    ...lines.map((l) => [{ text: l.name }, right(formatMoney(l.grossCents)), right(formatMoney(l.rentCents))]),
    [{ text: s('total'), bold: true }, right(formatMoney(totals.grossCents), true), right(formatMoney(totals.rentCents), true)],
  ];

  const head: Content = {
    columns: [
      {
        width: '*',
        stack: [{ text: company.name, bold: true, fontSize: 11 }, { text: company.address }, { text: `${s('oib')}: ${company.oib}` }],
      },
      {
        width: 'auto',
        alignment: 'right',
        stack: [
          { text: s('title'), bold: true, fontSize: 14 },
          { text: month, fontSize: 12 },
          { text: s('madeOn', { date: formatDate(statement.madeOn) }), color: '#555555' },
        ],
      },
    ],
    margin: [0, 0, 0, 14],
  };

  const lessorBlock: Content = {
    table: {
      widths: ['auto', '*'],
      body: [
        [
          { text: s('lessor'), bold: true },
          { text: lessor.name, bold: true },
        ],
        [{ text: s('oib') }, { text: lessor.oib }],
        [{ text: s('contractPeriod') }, { text: period(lessor.contractStart, lessor.contractEnd) }],
        [
          { text: s('lessorTerms') },
          {
            text: termsText(s, lessor.rentalType, lessor.contractRentalAmountCents, lessor.rentalPercentage, lessor.incomeLimitCents),
          },
        ],
      ],
    },
    layout: 'noBorders',
    margin: [0, 0, 0, 8],
  };

  const notes: Content[] = [];
  if (statement.running && statement.countedTo)
    notes.push({ text: s('running', { date: formatDate(statement.countedTo) }), italics: true, margin: [0, 0, 0, 6] });
  if (statement.countedTo === null) notes.push({ text: s('future'), italics: true, margin: [0, 0, 0, 6] });

  return {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    info: { title: `${s('title')} ${lessor.name} ${statement.month}`, creator: 'Kovanica' },
    defaultStyle: { font: 'Roboto', fontSize: 9, lineHeight: 1.15 },
    footer: (page, pages) => ({
      columns: [
        { text: `${lessor.name} · ${month}`, color: '#777777' },
        { text: s('page', { page, pages }), alignment: 'right', color: '#777777' },
      ],
      margin: [40, 16, 40, 0],
      fontSize: 8,
    }),
    content: [
      head,
      lessorBlock,
      ...notes,
      lines.length === 0
        ? { text: s('noLocations'), italics: true }
        : { table: { headerRows: 1, widths: ['*', 'auto', 'auto'], body: summary }, layout: rules, margin: [0, 0, 0, 6] },
      {
        table: {
          widths: ['*', 'auto'],
          body: [
            [
              { text: s('owed', { month }), bold: true, fontSize: 11 },
              { text: formatMoney(totals.rentCents), bold: true, fontSize: 11, alignment: 'right' },
            ],
          ],
        },
        layout: 'noBorders',
        margin: [0, 4, 0, 12],
      },
      ...lines.flatMap((line) => locationSection(line, statement, s)),
    ],
  };
}

/** One location: where it is, its revenue in its parts, and its rent worked out step by step. */
function locationSection(
  line: LessorStatementLine,
  statement: LessorStatement,
  s: (key: string, values?: Record<string, unknown>) => string,
): Content[] {
  const { terms } = line;
  const type = terms.rentalType.value;
  const amount = terms.contractRentalAmountCents.value ?? 0;
  const rate = terms.rentalPercentage.value ?? 0;
  const limit = terms.incomeLimitCents.value ?? 0;
  const days = statement.daysInMonth;
  const from = (term: { from: 'location' | 'lessor' | null }) => (term.from === null ? '' : s(`from.${term.from}`));
  const row = (label: string, value: string, bold = false): TableCell[] => [
    { text: label, bold },
    { text: value, alignment: 'right', bold },
  ];

  const revenue: TableCell[][] = [
    row(s('parts.coins'), formatMoney(line.coinsCents)),
    row(s('parts.notes'), formatMoney(line.notesCents)),
    row(s('parts.cashless'), formatMoney(line.cashlessCents)),
    row(s('parts.card'), formatMoney(line.cardCents)),
    row(s('parts.tokens', { count: line.tokens }), formatMoney(line.tokensCents)),
    row(s('gross'), formatMoney(line.grossCents), true),
  ];

  // The terms that applied, each with whose it is.
  const termRows: TableCell[][] = [
    [{ text: s('term.type') }, { text: type ? s(`types.${type}`) : s('terms.none') }, { text: from(terms.rentalType), color: '#555555' }],
  ];
  if (type === 'fixed' || type === 'mixed')
    termRows.push([
      { text: s('term.amount') },
      { text: formatMoney(amount) },
      { text: from(terms.contractRentalAmountCents), color: '#555555' },
    ]);
  if (type === 'percentage' || type === 'mixed')
    termRows.push([
      { text: s('term.percentage') },
      { text: formatPercent(rate) },
      { text: from(terms.rentalPercentage), color: '#555555' },
    ]);
  if (type === 'mixed')
    termRows.push([{ text: s('term.limit') }, { text: formatMoney(limit) }, { text: from(terms.incomeLimitCents), color: '#555555' }]);

  // How the rent was worked out.
  const steps: TableCell[][] = [];
  const whole = line.contractDays === days;
  if (type !== null) {
    const why: string[] = [];
    if (line.contractFrom && line.contractFrom > statement.from) why.push(s('why.starts', { date: formatDate(line.contractFrom) }));
    if (line.contractTo && statement.lessor.contractEnd === line.contractTo && line.contractTo < statement.to)
      why.push(s('why.ends', { date: formatDate(line.contractTo) }));
    else if (line.contractTo && statement.running && line.contractTo === statement.countedTo && line.contractTo < statement.to)
      why.push(s('why.toDate', { date: formatDate(line.contractTo) }));
    steps.push(
      row(
        s('step.days'),
        line.contractDays === 0
          ? s('step.noDays')
          : `${s('step.daysOf', { days: line.contractDays, of: days })} (${formatDate(line.contractFrom ?? '')} – ${formatDate(line.contractTo ?? '')})`,
      ),
    );
    if (why.length) steps.push([{ text: why.join(' '), italics: true, colSpan: 2 }, {}]);
  }
  if (type === 'fixed' || type === 'mixed')
    steps.push(
      row(
        s('step.fixed'),
        whole ? formatMoney(line.fixedCents) : `${formatMoney(amount)} × ${line.contractDays}/${days} = ${formatMoney(line.fixedCents)}`,
      ),
    );
  if (type === 'percentage' || type === 'mixed') steps.push(row(s('step.basis'), formatMoney(line.basisCents)));
  if (type === 'mixed' && !whole)
    steps.push(row(s('step.limit'), `${formatMoney(limit)} × ${line.contractDays}/${days} = ${formatMoney(line.limitCents)}`));
  if (type === 'percentage')
    steps.push(row(s('step.percent'), `${formatPercent(rate)} × ${formatMoney(line.basisCents)} = ${formatMoney(line.percentCents)}`));
  if (type === 'mixed') {
    steps.push(
      row(
        s('step.percentAbove'),
        line.basisCents > line.limitCents
          ? `${formatPercent(rate)} × (${formatMoney(line.basisCents)} − ${formatMoney(line.limitCents)}) = ${formatMoney(line.percentCents)}`
          : s('step.notAbove', { amount: formatMoney(line.percentCents) }),
      ),
    );
  }
  steps.push(row(s('rent'), formatMoney(line.rentCents), true));

  // The city once: an address often names it already ("21000 Split").
  const place =
    line.address && line.cityName && line.address.includes(line.cityName)
      ? line.address
      : [line.address, line.cityName].filter(Boolean).join(', ');
  return [
    {
      stack: [
        { text: line.name, bold: true, fontSize: 11 },
        ...(place ? [{ text: place, color: '#555555' }] : []),
        {
          text: type === null ? s('terms.none') : line.ownTerms ? s('ownTerms') : s('lessorsTerms'),
          italics: true,
          margin: [0, 2, 0, 4],
        },
        {
          columns: [
            {
              width: '36%',
              stack: [
                { text: s('revenue'), bold: true, margin: [0, 0, 0, 2] },
                { table: { widths: ['*', 'auto'], body: revenue }, layout: rules },
              ],
            },
            {
              width: '64%',
              stack: [
                { text: s('howTitle'), bold: true, margin: [0, 0, 0, 2] },
                { table: { widths: ['auto', 'auto', '*'], body: termRows }, layout: 'noBorders', margin: [0, 0, 0, 4] },
                { table: { widths: ['auto', '*'], body: steps }, layout: rules },
              ],
            },
          ],
          columnGap: 16,
        },
      ],
      unbreakable: true,
      margin: [0, 10, 0, 4],
    },
  ];
}
