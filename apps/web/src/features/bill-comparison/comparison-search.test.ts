import { describe, expect, it } from 'vitest';
import { daysInRange } from '../../lib/day.ts';
import { comparisonSearch, defaultComparisonRange, differenceOf, differencesFirst, mismatchesOf, pageOf } from './comparison-search.ts';

const agreeing = {
  payments: 3,
  paymentsCents: 600,
  bills: 3,
  billsCents: 600,
  fiscalized: 3,
  fiscalizedCents: 600,
  unbilled: 0,
  unfiscalized: 0,
};

describe('the comparison search', () => {
  it('keeps real days, a device IRI, the switch and the page; drops the rest', () => {
    expect(
      comparisonSearch({
        from: '2026-11-01',
        to: '2026-02-30',
        device: '/api/v2/devices/7',
        mismatches: 'true',
        order: 'day',
        page: '2',
        itemsPerPage: 50,
        x: 1,
      }),
    ).toEqual({ from: '2026-11-01', device: '/api/v2/devices/7', mismatches: true, order: 'day', page: 2, itemsPerPage: 50 });
    expect(comparisonSearch({ device: '/api/v2/locations/7', mismatches: false, order: 'difference', page: 1 })).toEqual({});
  });

  it('defaults to the last 7 Zagreb days, today included', () => {
    expect(defaultComparisonRange('2026-03-02')).toEqual({ from: '2026-02-24', to: '2026-03-02' });
    expect(daysInRange('2026-02-24', '2026-03-02')).toBe(7);
    expect(daysInRange('2026-03-02', '2026-03-01')).toBe(0);
  });
});

describe('mismatchesOf', () => {
  it('finds nothing where the three agree', () => {
    expect(mismatchesOf(agreeing)).toEqual({ bills: false, fiscalized: false, unbilled: false, unfiscalized: false, any: false });
  });

  it('names the figures that disagree', () => {
    expect(mismatchesOf({ ...agreeing, bills: 2, billsCents: 400, fiscalized: 2, fiscalizedCents: 400, unbilled: 1 })).toEqual({
      bills: true,
      fiscalized: false,
      unbilled: true,
      unfiscalized: false,
      any: true,
    });
    expect(mismatchesOf({ ...agreeing, fiscalized: 2, fiscalizedCents: 400, unfiscalized: 1 })).toMatchObject({
      fiscalized: true,
      any: true,
    });
    expect(mismatchesOf({ ...agreeing, billsCents: 500 })).toMatchObject({ bills: true, fiscalized: true });
  });
});

describe('the difference', () => {
  it('adds money paid and billed apart (either way) to money billed and not fiscalized', () => {
    expect(differenceOf(agreeing)).toBe(0);
    // Two payments without a bill.
    expect(differenceOf({ ...agreeing, bills: 1, billsCents: 200, fiscalized: 1, fiscalizedCents: 200, unbilled: 2 })).toBe(400);
    // A bill more than payments, and it is not fiscalized.
    expect(differenceOf({ ...agreeing, bills: 4, billsCents: 750, unfiscalized: 1 })).toBe(150 + 150);
    // Billed in full, one bill without a JIR.
    expect(differenceOf({ ...agreeing, fiscalized: 2, fiscalizedCents: 450, unfiscalized: 1 })).toBe(150);
  });

  it('puts the rows that disagree first, the largest difference first; the others keep their order', () => {
    const row = (name: string, figures: Partial<typeof agreeing>) => ({ ...agreeing, ...figures, name });
    const rows = [
      row('agrees, newest', {}),
      row('small', { fiscalized: 2, fiscalizedCents: 500, unfiscalized: 1 }),
      row('counts only', { bills: 4 }),
      row('agrees, older', {}),
      row('large', { bills: 0, billsCents: 0, fiscalized: 0, fiscalizedCents: 0, unbilled: 3 }),
      row('small too', { fiscalized: 2, fiscalizedCents: 500, unfiscalized: 1 }),
    ];
    expect(differencesFirst(rows).map((r) => r.name)).toEqual([
      'large',
      'small',
      'small too',
      'counts only',
      'agrees, newest',
      'agrees, older',
    ]);
    expect(rows[0]?.name).toBe('agrees, newest');
  });
});

describe('pageOf', () => {
  it('slices a page', () => {
    expect(pageOf([1, 2, 3, 4, 5], 2, 2)).toEqual([3, 4]);
    expect(pageOf([1, 2, 3], 3, 2)).toEqual([]);
  });
});
