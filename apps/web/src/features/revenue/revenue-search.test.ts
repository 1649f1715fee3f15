import { describe, expect, it } from 'vitest';
import { detailedReviewSearch, pagingQuery, todayRevenueSearch } from './revenue-search.ts';

describe('revenue search params', () => {
  it('keeps a location IRI and drops anything else', () => {
    expect(todayRevenueSearch({ location: '/api/v2/locations/3' })).toEqual({ location: '/api/v2/locations/3' });
    expect(todayRevenueSearch({ location: '/api/v2/devices/3', junk: 2 })).toEqual({});
  });

  it('keeps the page, the page size and an order the report knows, as the lists do', () => {
    expect(todayRevenueSearch({ page: '3', itemsPerPage: '50', sort: 'plays', dir: 'desc' })).toEqual({
      page: 3,
      itemsPerPage: 50,
      sort: 'plays',
      dir: 'desc',
    });
    expect(todayRevenueSearch({ page: '1', itemsPerPage: '30', sort: 'deviceName', dir: 'up' })).toEqual({});
    expect(detailedReviewSearch({ page: 'x', itemsPerPage: '7', sort: 'location' })).toEqual({ sort: 'location' });
  });

  it('asks the API for that page and order', () => {
    expect(pagingQuery({ page: 2, sort: 'revenueCents', dir: 'desc' })).toEqual({
      page: 2,
      itemsPerPage: undefined,
      'order[revenueCents]': 'desc',
    });
    expect(pagingQuery({ sort: 'device' })).toEqual({ page: undefined, itemsPerPage: undefined, 'order[device]': 'asc' });
    expect(pagingQuery({})).toEqual({ page: undefined, itemsPerPage: undefined });
  });

  it('keeps real days, IRIs of their kind and the location grouping', () => {
    expect(
      detailedReviewSearch({
        from: '2026-02-01',
        to: '2026-02-30',
        location: '/api/v2/locations/3',
        device: '/api/v2/locations/4',
        group: 'location',
      }),
    ).toEqual({ from: '2026-02-01', location: '/api/v2/locations/3', group: 'location' });
    expect(detailedReviewSearch({ group: 'device', device: '/api/v2/devices/7' })).toEqual({ device: '/api/v2/devices/7' });
  });
});
