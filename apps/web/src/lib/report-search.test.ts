import { describe, expect, it } from 'vitest';
import { daysInRange, monthToDate } from './day.ts';
import { iriParam, reportPageOf, reportRangeOf } from './report-search.ts';

describe('report search params', () => {
  it('keeps the page and a page size the lists offer, leaving the defaults out', () => {
    expect(reportPageOf({ page: '3', itemsPerPage: '50', sort: 'x' })).toEqual({ page: 3, itemsPerPage: 50 });
    expect(reportPageOf({ page: '1', itemsPerPage: '30' })).toEqual({});
    expect(reportPageOf({ page: 'x', itemsPerPage: '7' })).toEqual({});
  });

  it('keeps real days only', () => {
    expect(reportRangeOf({ from: '2026-02-01', to: '2026-02-30' })).toEqual({ from: '2026-02-01' });
    expect(reportRangeOf({ from: '01.02.2026', to: 20260228 })).toEqual({});
  });

  it('keeps an IRI of the collection asked for', () => {
    expect(iriParam('locations', '/api/v2/locations/3')).toBe('/api/v2/locations/3');
    expect(iriParam('locations', '/api/v2/devices/3')).toBeUndefined();
    expect(iriParam('locations', 3)).toBeUndefined();
  });
});

describe('report ranges', () => {
  it('defaults to this month up to today', () => {
    expect(monthToDate('2026-05-14')).toEqual({ from: '2026-05-01', to: '2026-05-14' });
    expect(monthToDate('2026-06-01')).toEqual({ from: '2026-06-01', to: '2026-06-01' });
  });

  it('counts the days of a range, both ends included', () => {
    expect(daysInRange('2026-05-14', '2026-05-14')).toBe(1);
    expect(daysInRange('2026-05-14', '2026-05-13')).toBe(0);
    expect(daysInRange('2025-12-23', '2026-01-05')).toBe(14);
    // Summer time ends in between: still whole days.
    expect(daysInRange('2026-10-24', '2026-10-26')).toBe(3);
  });
});
