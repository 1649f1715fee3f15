import { describe, expect, it } from 'vitest';
import { contractSpan, monthRent, type RentTerms } from './rent.ts';

const terms = (over: Partial<RentTerms>): RentTerms => ({
  type: 'fixed',
  amountCents: 30_000,
  percentageBp: null,
  incomeLimitCents: null,
  contractStart: null,
  contractEnd: null,
  ...over,
});
const LONG_AGO = '2030-01-01';

describe('rent per location and month (docs/rules.md "Money reports")', () => {
  it('fixed: the amount for a whole month inside the contract', () => {
    const rent = monthRent(terms({ contractStart: '2025-01-01', contractEnd: '2027-12-31' }), '2026-10-01', 123_456, LONG_AGO);
    expect(rent).toMatchObject({ daysInMonth: 31, contractDays: 31, fixedCents: 30_000, percentCents: 0, rentCents: 30_000 });
  });

  it('fixed: a contract ending mid-month pays its days only (15 of 30 days of November)', () => {
    const rent = monthRent(terms({ contractStart: '2025-01-01', contractEnd: '2026-11-15' }), '2026-11-01', 50_000, LONG_AGO);
    expect(rent.contractDays).toBe(15);
    expect(rent.rentCents).toBeCloseTo(15_000, 9);
  });

  it('nothing outside the contract period', () => {
    expect(monthRent(terms({ contractStart: '2027-01-01' }), '2026-11-01', 99_999, LONG_AGO).rentCents).toBe(0);
    expect(monthRent(terms({ contractEnd: '2026-10-31' }), '2026-11-01', 99_999, LONG_AGO).rentCents).toBe(0);
    expect(contractSpan(terms({ contractEnd: '2026-10-31' }), '2026-11-01', LONG_AGO)).toBeNull();
  });

  it('percentage: of the revenue on contract days, in a DST month counted in whole days (October 2026, 31 days)', () => {
    const rent = monthRent(terms({ type: 'percentage', amountCents: null, percentageBp: 1250 }), '2026-10-01', 200_000, LONG_AGO);
    expect(rent).toMatchObject({ daysInMonth: 31, contractDays: 31, fixedCents: 0, percentCents: 25_000, rentCents: 25_000 });
    // March 2026 also changes the clocks; still 31 days.
    expect(monthRent(terms({}), '2026-03-01', 0, LONG_AGO).daysInMonth).toBe(31);
  });

  it('mixed: 200 € + 20 % above 1.000 € gives 300 € on 1.500 € and 200 € on 800 €', () => {
    const mixed = terms({ type: 'mixed', amountCents: 20_000, percentageBp: 2000, incomeLimitCents: 100_000 });
    expect(monthRent(mixed, '2026-09-01', 150_000, LONG_AGO).rentCents).toBeCloseTo(30_000, 9);
    expect(monthRent(mixed, '2026-09-01', 80_000, LONG_AGO).rentCents).toBeCloseTo(20_000, 9);
    expect(monthRent(mixed, '2026-09-01', 100_000, LONG_AGO).rentCents).toBeCloseTo(20_000, 9);
  });

  it('mixed in a partial month: the amount and the limit are both prorated (10 of 30 days)', () => {
    const mixed = terms({ type: 'mixed', amountCents: 30_000, percentageBp: 1000, incomeLimitCents: 90_000, contractStart: '2026-09-21' });
    const rent = monthRent(mixed, '2026-09-01', 50_000, LONG_AGO);
    expect(rent.contractDays).toBe(10);
    expect(rent.fixedCents).toBeCloseTo(10_000, 9);
    expect(rent.limitCents).toBeCloseTo(30_000, 9);
    expect(rent.percentCents).toBeCloseTo(2_000, 9);
  });

  it('the running month counts to date only', () => {
    const rent = monthRent(terms({}), '2026-11-01', 0, '2026-11-06');
    expect(rent.contractDays).toBe(6);
    expect(rent.rentCents).toBeCloseTo(6_000, 9);
    expect(monthRent(terms({}), '2026-12-01', 0, '2026-11-06').rentCents).toBe(0);
  });

  it('no terms, no rent', () => {
    expect(monthRent(terms({ type: null }), '2026-11-01', 10_000, LONG_AGO).rentCents).toBe(0);
  });
});
