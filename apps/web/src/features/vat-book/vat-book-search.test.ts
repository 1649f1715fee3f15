import { describe, expect, it } from 'vitest';
import { currentMonth, vatBookSearch } from './vat-book-search.ts';

describe('the VAT book’s address', () => {
  it('keeps a real month and a company IRI, drops anything else', () => {
    expect(vatBookSearch({ month: '2026-11', company: '/api/v2/companies/2' })).toEqual({
      month: '2026-11',
      company: '/api/v2/companies/2',
    });
    expect(vatBookSearch({ month: '2026-13', company: 'nonsense' })).toEqual({});
    expect(vatBookSearch({ month: '2026-1' })).toEqual({});
    expect(vatBookSearch({ month: 202611 })).toEqual({});
  });

  it('defaults to the running Zagreb month', () => {
    expect(currentMonth('2026-12-06')).toBe('2026-12');
  });
});
