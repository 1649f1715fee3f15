import { describe, expect, it } from 'vitest';
import { daysInRange } from '../../lib/day.ts';
import { comparisonSearch, defaultComparisonRange, mismatchesOf, pageOf } from './comparison-search.ts';

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
        page: '2',
        itemsPerPage: 50,
        x: 1,
      }),
    ).toEqual({ from: '2026-11-01', device: '/api/v2/devices/7', mismatches: true, page: 2, itemsPerPage: 50 });
    expect(comparisonSearch({ device: '/api/v2/locations/7', mismatches: false, page: 1 })).toEqual({});
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

describe('pageOf', () => {
  it('slices a page', () => {
    expect(pageOf([1, 2, 3, 4, 5], 2, 2)).toEqual([3, 4]);
    expect(pageOf([1, 2, 3], 3, 2)).toEqual([]);
  });
});
