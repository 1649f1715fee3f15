import { type Bill, businessDate, type ExportItem, type VatBook } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../testing/app.ts';
import { ExportSweep } from './exports.service.ts';
import { aboutValue, readCsv, readPdfText, readXlsx } from './exports.testing.ts';

// The VAT book's file (docs/rules.md, "VAT book"): decision 0042's lines, the book, the reconciliation
// and the VAT return, as the screen has them. Its figures are tested in `vat-book/vat-book.test.ts`.

const t = await testApp();
const M = businessDate().slice(0, 7);
// This month: a bill by hand at 25 % cancelled by a storno, one at 13 %; a card top-up needs no more here.
const issue = async (payload: object) => {
  const res = await t.json<Bill>('manager', { method: 'POST', url: '/api/v2/bills', payload });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
const rides = await issue({ premises: 'DESK1', isu: '1', totalCents: 250, payment: 'G' });
await issue({ premises: 'DESK1', isu: '1', totalCents: 1130, payment: 'K', vatRate: 13 });
const cancelled = await t.json('manager', { method: 'POST', url: `/api/v2/bills/${rides.id}/storno`, payload: {} });
expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(201);
const bookOf = async (month: string) => {
  const res = await t.json<VatBook>('manager', { url: `/api/v2/vat-book?month=${month}` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('the VAT book as a file', () => {
  const sweep = new ExportSweep(t.db, () => {}, t.app.lists);
  const ask = (user: string, body: unknown, lang = 'en') =>
    t.json<ExportItem>(user, {
      method: 'POST',
      url: '/api/v2/exports',
      payload: body as Record<string, unknown>,
      headers: { 'accept-language': lang },
    });
  const built = async (format: 'csv' | 'xlsx' | 'pdf', lang = 'en') => {
    const asked = await ask('manager', { kind: 'vat-book', format, params: { month: M } }, lang);
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    await sweep.sweep();
    const done = (await t.json<ExportItem>('manager', { url: asked.body['@id'] })).body;
    expect(done, JSON.stringify(done)).toMatchObject({ status: 'done', kind: 'vat-book' });
    return { done, file: (await t.as('manager', { url: done.file as string })).rawPayload };
  };

  it('asked by the roles that read the book; a worker may not', async () => {
    for (const user of ['admin', 'manager', 'accountant'])
      expect((await ask(user, { kind: 'vat-book', format: 'csv', params: { month: M } })).status, user).toBe(202);
    expect((await ask('worker', { kind: 'vat-book', format: 'csv', params: { month: M } })).status).toBe(403);
    const bad = await ask('manager', { kind: 'vat-book', format: 'csv', params: { month: '2026-13' } });
    expect(bad.status).toBe(422);
    await sweep.sweep();
  });

  it('CSV: what it holds, the book’s lines, the reconciliation and the VAT return, to the screen’s cents', async () => {
    const book = await bookOf(M);
    const { done, file } = await built('csv');
    const { about, lines } = readCsv(file);
    expect(aboutValue(about, 'Report')).toBe('VAT book');
    expect(aboutValue(about, 'Filters')).toBe('None: every row');
    expect(aboutValue(about, 'Period')).toMatch(/^01\.\d\d\.\d{4} – \d\d\.\d\d\.\d{4}$/);
    expect(done.fileName).toBe(`vat-book-${book.from}-${book.to}.csv`);
    expect(lines[0]).toBe('Section;Line;VAT rate;Count;Base;VAT;Total;In neither');
    // No field of this file holds a `;` (nothing is quoted): split as written, empty last fields kept.
    const rows = lines.slice(1).map((l) => l.split(';'));
    const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
    expect(rows.find((r) => r[1] === 'Storno bills')).toEqual(['VAT book', 'Storno bills', '25 %', '1', '-2,00', '-0,50', '-2,50', '']);
    const finance = rows.find((r) => r[1] === 'Finance report: gross revenue and VAT');
    expect(finance?.slice(5, 7)).toEqual([euros(book.reconciliation.financeVatCents), euros(book.reconciliation.financeGrossCents)]);
    expect(rows.at(-1)).toEqual([
      'VAT return',
      'Total',
      '',
      String(book.totals.bills),
      euros(book.totals.baseCents),
      euros(book.totals.vatCents),
      euros(book.totals.totalCents),
      '',
    ]);
    // The reconciliation's lines in the file add up as on the screen: from the bills' total to the finance gross.
    const cents = (text: string | undefined) => Math.round(Number((text ?? '0').replace(',', '.') || '0') * 100);
    const rec = rows.filter((r) => r[0] === 'Reconciliation with the finance report');
    const start = rec.find((r) => r[1] === 'Bills’ total');
    const steps = rec.filter((r) => r !== start && r !== finance && !r[1]?.startsWith('Finance report'));
    expect(cents(start?.[6]) + steps.reduce((s, r) => s + cents(r[6]), 0)).toBe(book.reconciliation.financeGrossCents);
  });

  it('XLSX and PDF build, in Croatian too', async () => {
    const xlsx = await built('xlsx', 'hr');
    const { about, sheet, header } = await readXlsx(xlsx.file);
    expect(aboutValue(about, 'Izvještaj')).toBe('Knjiga PDV-a');
    expect(sheet.getRow(header).getCell(2).value).toBe('Stavka');
    expect(xlsx.done.fileName).toMatch(/^knjiga-pdv-a-\d{4}-\d\d-01-\d{4}-\d\d-\d\d\.xlsx$/);
    const pdf = await built('pdf');
    const text = await readPdfText(pdf.file);
    expect(text).toContain('VAT book');
    expect(text).toContain('Manual bills');
    expect(text).toContain('Reconciliation');
  });
});
