import { describe, expect, it } from 'vitest';
import { businessDayStart, businessInstant, listFilters, listSearch, toApiQuery, withFilter } from './list-state.ts';

describe('listSearch', () => {
  it('keeps paging, order and filters from the URL', () => {
    expect(listSearch({ page: 2, itemsPerPage: 50, sort: 'email', dir: 'desc', role: 'manager', active: true })).toEqual({
      page: 2,
      itemsPerPage: 50,
      sort: 'email',
      dir: 'desc',
      role: 'manager',
      active: true,
    });
  });

  it('drops defaults and anything malformed rather than failing', () => {
    expect(listSearch({ page: 1, itemsPerPage: 30, dir: 'desc' })).toEqual({});
    expect(listSearch({ page: -3, itemsPerPage: 7, sort: 'a b', name: '', company: { x: 1 }, client: 'x' })).toEqual({});
    expect(listSearch({ page: '3', itemsPerPage: '100' })).toEqual({ page: 3, itemsPerPage: 100 });
  });
});

describe('toApiQuery', () => {
  it('speaks the API dialect over a base query', () => {
    expect(toApiQuery({ page: 2, sort: 'email', dir: 'desc', role: 'manager', active: false }, { company: 1 })).toEqual({
      company: 1,
      role: 'manager',
      active: false,
      page: 2,
      itemsPerPage: 30,
      'order[email]': 'desc',
    });
    expect(toApiQuery({})).toEqual({ page: 1, itemsPerPage: 30 });
    expect(toApiQuery({ sort: 'name' })).toMatchObject({ 'order[name]': 'asc' });
  });

  it('turns a range of whole days into Zagreb instants, the end day included', () => {
    expect(toApiQuery({ 'createdAt[after]': '2026-01-10', 'createdAt[before]': '2026-01-31' })).toEqual({
      'createdAt[after]': '2026-01-09T23:00:00.000Z',
      'createdAt[strictly_before]': '2026-01-31T23:00:00.000Z',
      page: 1,
      itemsPerPage: 30,
    });
  });
});

describe('businessDayStart', () => {
  it('knows summer and winter time in Zagreb', () => {
    expect(businessDayStart('2026-01-15')).toBe('2026-01-14T23:00:00.000Z');
    expect(businessDayStart('2026-07-15')).toBe('2026-07-14T22:00:00.000Z');
    // The clocks go forward on 29 March 2026 at 02:00.
    expect(businessDayStart('2026-03-29')).toBe('2026-03-28T23:00:00.000Z');
    expect(businessDayStart('2026-03-29', 1)).toBe('2026-03-29T22:00:00.000Z');
    expect(businessDayStart('2026-12-31', 1)).toBe('2026-12-31T23:00:00.000Z');
  });
});

describe('businessInstant', () => {
  it('reads a day and a time on the Zagreb clock', () => {
    expect(businessInstant('2026-01-15', '08:30')).toBe('2026-01-15T07:30:00.000Z');
    expect(businessInstant('2026-07-15', '00:00')).toBe('2026-07-14T22:00:00.000Z');
    // The clocks go forward on 29 March 2026 at 02:00 and back on 25 October at 03:00.
    expect(businessInstant('2026-03-29', '01:30')).toBe('2026-03-29T00:30:00.000Z');
    expect(businessInstant('2026-03-29', '12:00')).toBe('2026-03-29T10:00:00.000Z');
    expect(businessInstant('2026-10-25', '12:00')).toBe('2026-10-25T11:00:00.000Z');
  });
});

describe('withFilter', () => {
  it('sets or clears one filter and goes back to page 1', () => {
    const next = withFilter({ page: 4, role: 'admin', sort: 'email' }, 'name', 'ana');
    expect(listSearch(next)).toEqual({ role: 'admin', sort: 'email', name: 'ana' });
    expect(listFilters(withFilter(next, 'role', ''))).toEqual({ name: 'ana' });
  });
});
