import { describe, expect, it } from 'vitest';
import { appliedCount, appliedQuery, emptyFilter, filterErrors, filterOf, searchOf } from './advanced-filter.ts';

describe('the advanced filter', () => {
  it('goes to the URL and back', () => {
    const form = {
      ...emptyFilter(),
      number: ' 12/PP01/3 ',
      jir: 'ABCDEF01-0000-4000-8000-000000000001',
      device: '/api/v2/devices/4',
      status: 'unfiscalized',
      amountFrom: 100,
      amountTo: 2500,
      from: '2026-11-01',
      to: '2026-11-30',
    };
    const search = searchOf(form, { sort: 'totalCents', dir: 'desc', page: 3 });
    expect(search).toEqual({
      sort: 'totalCents',
      dir: 'desc',
      itemsPerPage: undefined,
      company: undefined,
      number: '12/PP01/3',
      jir: 'abcdef01-0000-4000-8000-000000000001',
      device: '/api/v2/devices/4',
      status: 'unfiscalized',
      'totalCents[gte]': 100,
      'totalCents[lte]': 2500,
      'issuedAt[after]': '2026-11-01',
      'issuedAt[before]': '2026-11-30',
    });
    expect(filterOf(search)).toEqual({ ...form, number: '12/PP01/3', jir: 'abcdef01-0000-4000-8000-000000000001' });
    expect(appliedCount(search)).toBe(8);
  });

  it('reads what the router parsed as numbers (`?number=12`)', () => {
    expect(filterOf({ number: 12, 'totalCents[gte]': '150' })).toMatchObject({ number: '12', amountFrom: 150 });
  });

  it('asks the API for instants of Zagreb days and leaves paging to the table', () => {
    expect(appliedQuery({ page: 2, number: '12', 'issuedAt[after]': '2026-07-01', 'issuedAt[before]': '2026-07-01', other: 'x' })).toEqual({
      number: '12',
      'issuedAt[after]': '2026-06-30T22:00:00.000Z',
      'issuedAt[strictly_before]': '2026-07-01T22:00:00.000Z',
    });
  });

  it('refuses what the API could not match', () => {
    expect(filterErrors(emptyFilter())).toEqual({});
    expect(filterErrors({ ...emptyFilter(), number: '12/PP01/3' })).toEqual({});
    expect(filterErrors({ ...emptyFilter(), number: '12' })).toEqual({});
    // A device (ISU) number has up to 20 digits (CIS's OznNapUr); the sequence up to 9.
    expect(filterErrors({ ...emptyFilter(), number: '12/PP01/12345678901234567890' })).toEqual({});
    expect(filterErrors({ ...emptyFilter(), number: '12/PP01/123456789012345678901' })).toEqual({ number: 'number' });
    expect(filterErrors({ ...emptyFilter(), number: '1234567890' })).toEqual({ number: 'number' });
    expect(
      filterErrors({
        ...emptyFilter(),
        number: '12/PP 01',
        jir: 'abc',
        zki: 'xyz',
        premises: 'P-1',
        amountFrom: 500,
        amountTo: 100,
        from: '2026-02-02',
        to: '2026-02-01',
      }),
    ).toEqual({ number: 'number', jir: 'jir', zki: 'zki', premises: 'premises', amountTo: 'amountRange', to: 'dayRange' });
  });
});
