import type { LessorStatement, LessorStatementLine } from '@kovanica/contract';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enResources from '../../i18n/en.resources.json';
import hrResources from '../../i18n/hr.resources.json';
import { statementDocument, statementFileName } from './lessor-statement.ts';

const i18n = i18next.createInstance();
void i18n.init({
  resources: { en: { translation: enResources }, hr: { translation: hrResources } },
  lng: 'en',
  initAsync: false,
  interpolation: { escapeValue: false },
});

const none = { value: null, from: null };
const zero = { coinsCents: 0, notesCents: 0, cashlessCents: 0, cardCents: 0, tokens: 0, tokensCents: 0, grossCents: 0 };

/** November 2025 of the server test's worked case: the lessor's contract ends on the 15th. */
const fixed: LessorStatementLine = {
  location: '/api/v2/locations/1',
  name: 'A Kafić',
  address: 'Ilica 10',
  cityName: 'Zagreb',
  ...zero,
  coinsCents: 5000,
  grossCents: 5000,
  terms: {
    rentalType: { value: 'fixed', from: 'lessor' },
    contractRentalAmountCents: { value: 30_000, from: 'lessor' },
    incomeLimitCents: none,
    rentalPercentage: none,
  },
  ownTerms: false,
  contractFrom: '2025-11-01',
  contractTo: '2025-11-15',
  contractDays: 15,
  basisCents: 3000,
  fixedCents: 15_000,
  limitCents: 0,
  percentCents: 0,
  rentCents: 15_000,
};
const percentage: LessorStatementLine = {
  ...fixed,
  location: '/api/v2/locations/2',
  name: 'B Trgovina',
  address: null,
  cityName: null,
  ...zero,
  coinsCents: 4000,
  cashlessCents: 3000,
  tokens: 2,
  tokensCents: 200,
  grossCents: 7200,
  terms: {
    rentalType: { value: 'percentage', from: 'location' },
    contractRentalAmountCents: { value: 30_000, from: 'lessor' },
    incomeLimitCents: none,
    rentalPercentage: { value: 12.5, from: 'location' },
  },
  ownTerms: true,
  basisCents: 4000,
  fixedCents: 0,
  percentCents: 500,
  rentCents: 500,
};
const mixed: LessorStatementLine = {
  ...fixed,
  location: '/api/v2/locations/3',
  name: 'C Igraonica',
  ...zero,
  notesCents: 110_000,
  grossCents: 110_000,
  terms: {
    rentalType: { value: 'mixed', from: 'location' },
    contractRentalAmountCents: { value: 20_000, from: 'location' },
    incomeLimitCents: { value: 100_000, from: 'location' },
    rentalPercentage: { value: 20, from: 'location' },
  },
  ownTerms: true,
  basisCents: 100_000,
  fixedCents: 10_000,
  limitCents: 50_000,
  percentCents: 10_000,
  rentCents: 20_000,
};

const statement: LessorStatement = {
  '@id': '/api/v2/lessors/4/statement?month=2025-11',
  '@type': 'LessorStatement',
  month: '2025-11',
  from: '2025-11-01',
  to: '2025-11-30',
  daysInMonth: 30,
  countedTo: '2025-11-30',
  running: false,
  madeOn: '2025-12-02',
  company: {
    '@id': '/api/v2/companies/1',
    name: 'Zabavni automati d.o.o.',
    oib: '12345678903',
    address: 'Ulica grada Vukovara 237, 10000 Zagreb',
    inVatSystem: true,
  },
  lessor: {
    '@id': '/api/v2/lessors/4',
    name: 'Šimić & Đurić d.o.o.',
    oib: '69435151530',
    contractStart: '2025-01-01',
    contractEnd: '2025-11-15',
    rentalType: 'fixed',
    rentalPercentage: null,
    contractRentalAmountCents: 30_000,
    incomeLimitCents: null,
  },
  lines: [fixed, percentage, mixed],
  totals: {
    ...zero,
    coinsCents: 9000,
    notesCents: 110_000,
    cashlessCents: 3000,
    tokens: 2,
    tokensCents: 200,
    grossCents: 122_200,
    rentCents: 35_500,
  },
};

/** Every text of a pdfmake document, flattened. */
const textOf = (node: unknown): string => {
  if (typeof node === 'string') return node;
  if (Array.isArray(node)) return node.map(textOf).join(' ');
  if (node && typeof node === 'object') return Object.values(node).map(textOf).join(' ');
  return '';
};

const documentIn = (language: 'en' | 'hr', input: LessorStatement = statement) => {
  const t = i18n.getFixedT(language);
  return statementDocument({ statement: input, language, t: (key, values) => t(key, values) });
};

describe('the PDF lessor statement', () => {
  it('names the operator, the lessor, each location, the terms and every step of the rent, in English', () => {
    const doc = documentIn('en');
    const text = textOf(doc.content);
    for (const part of [
      'Zabavni automati d.o.o.',
      'Ulica grada Vukovara 237, 10000 Zagreb',
      'OIB: 12345678903',
      'LESSOR STATEMENT',
      'November 2025',
      'Made on 02.12.2025',
      'Šimić & Đurić d.o.o.',
      '01.01.2025 – 15.11.2025',
      'Fixed: 300,00 € a month',
      // The fixed location: the lessor's terms, 15 of 30 days.
      'A Kafić',
      'Ilica 10, Zagreb',
      "The lessor's terms apply.",
      '15 of 30 days (01.11.2025 – 15.11.2025)',
      'The contract ends on 15.11.2025.',
      '300,00 € × 15/30 = 150,00 €',
      // The percentage location: its own terms over the lessor's.
      "The location's own terms apply, over the lessor's.",
      "the location's own",
      '12,5 % × 40,00 € = 5,00 €',
      'Tokens (2)',
      '72,00 €',
      // Mixed: the amount and the limit prorated, the percentage above the limit.
      '200,00 € × 15/30 = 100,00 €',
      '1.000,00 € × 15/30 = 500,00 €',
      '20 % × (1.000,00 € − 500,00 €) = 100,00 €',
      'Rent owed for November 2025',
      '355,00 €',
      '1.222,00 €',
    ])
      expect(text).toContain(part);
    expect(text).not.toContain('running');
    expect(doc.pageSize).toBe('A4');
    expect(doc.info?.title).toContain('2025-11');
  });

  it('speaks Croatian, and says the running month is counted to today', () => {
    const running = { ...statement, running: true, countedTo: '2025-11-20', lines: [mixed] };
    const text = textOf(documentIn('hr', running).content);
    for (const part of [
      'OBRAČUN NAJMA',
      'studeni 2025.',
      'Mjesec još traje: prihod i najamnina računaju se do 20.11.2025.',
      'Vrijede vlastiti uvjeti lokacije, umjesto uvjeta najmodavca.',
      'Ukupna najamnina za studeni 2025.',
      'Postotak iznad granice',
      '15 od 30 dana',
    ])
      expect(text).toContain(part);
  });

  it('a location without terms owes nothing; a lessor without locations says so', () => {
    const bare: LessorStatementLine = {
      ...fixed,
      terms: { rentalType: none, contractRentalAmountCents: none, incomeLimitCents: none, rentalPercentage: none },
      contractFrom: null,
      contractTo: null,
      contractDays: 0,
      fixedCents: 0,
      rentCents: 0,
    };
    expect(textOf(documentIn('en', { ...statement, lines: [bare] }).content)).toContain('No rental terms: no rent');
    expect(textOf(documentIn('en', { ...statement, lines: [] }).content)).toContain('The lessor has no locations.');
    // Mixed terms below the limit: nothing above it; a city the address names is not repeated.
    const below = { ...mixed, address: '21000 Split', cityName: 'Split', basisCents: 40_000, percentCents: 0, rentCents: 10_000 };
    const text = textOf(documentIn('en', { ...statement, lines: [below] }).content);
    expect(text).toContain('not above the limit: 0,00 €');
    expect(text).not.toContain('21000 Split, Split');
  });

  it('names the file plainly', () => {
    expect(statementFileName('statement', 'Šimić & Đurić d.o.o.', '2025-11')).toBe('statement-simic-duric-d-o-o-2025-11');
  });
});
