import { describe, expect, it } from 'vitest';
import { ebitdaSearch, financeQueryOf, financeRangeError, financeSearch, lastTwelveMonths } from './finance-search.ts';

const LESSOR = '/api/v2/lessors/2';
const LOCATION = '/api/v2/locations/3';
const DEVICE = '/api/v2/devices/7';
const COMPANY = '/api/v2/companies/1';

describe('finance report search params', () => {
  it('keeps real days, a known period other than the default, the page and the filters of the subject', () => {
    expect(
      financeSearch('device')({
        from: '2026-05-01',
        to: '2026-05-31',
        period: 'day',
        company: COMPANY,
        lessor: LESSOR,
        location: LOCATION,
        device: DEVICE,
        page: '2',
        itemsPerPage: '50',
      }),
    ).toEqual({
      from: '2026-05-01',
      to: '2026-05-31',
      period: 'day',
      company: COMPANY,
      lessor: LESSOR,
      location: LOCATION,
      device: DEVICE,
      page: 2,
      itemsPerPage: 50,
    });
  });

  it('drops filters that do not narrow the subject, and anything malformed', () => {
    const raw = { lessor: LESSOR, location: LOCATION, device: DEVICE };
    expect(financeSearch('location')(raw)).toEqual({ lessor: LESSOR, location: LOCATION });
    expect(financeSearch('lessor')(raw)).toEqual({ lessor: LESSOR });
    expect(financeSearch('company')(raw)).toEqual({});
    expect(financeSearch('device')({ period: 'month', to: '2026-02-30', device: LOCATION, lessor: 3, page: '0' })).toEqual({});
    expect(financeSearch('device')({ period: 'quarter' })).toEqual({});
  });

  it('keeps only the range, company and page for EBITDA', () => {
    expect(ebitdaSearch({ from: '2025-06-01', period: 'day', company: COMPANY, lessor: LESSOR, page: '3' })).toEqual({
      from: '2025-06-01',
      company: COMPANY,
      page: 3,
    });
  });
});

describe('finance report query', () => {
  const range = { from: '2026-05-01', to: '2026-05-14' };

  it('asks for the default range and period, and the filters of the subject', () => {
    expect(financeQueryOf('location', { lessor: LESSOR, device: DEVICE, page: 2 }, range, 'my')).toEqual({
      subject: 'location',
      from: '2026-05-01',
      to: '2026-05-14',
      period: 'month',
      lessor: LESSOR,
      page: 2,
    });
  });

  it('narrows to a company only in the All Companies view', () => {
    expect(financeQueryOf('company', { company: COMPANY }, range, 'my').company).toBeUndefined();
    expect(financeQueryOf('company', { company: COMPANY }, range, 'all').company).toBe(COMPANY);
  });

  it('takes a fixed period over the search', () => {
    expect(financeQueryOf('company', { period: 'day', from: '2025-01-01' }, range, 'my', 'month')).toMatchObject({
      from: '2025-01-01',
      to: '2026-05-14',
      period: 'month',
    });
  });
});

describe('finance report ranges', () => {
  it('refuses what the API refuses: lines per day or week over a year, any report over ten years', () => {
    expect(financeRangeError('2024-01-01', '2024-12-31', 'day')).toBeNull();
    expect(financeRangeError('2024-01-01', '2025-01-01', 'week')).toEqual({ field: 'period', max: 366 });
    expect(financeRangeError('2024-01-01', '2025-01-01', 'month')).toBeNull();
    expect(financeRangeError('2016-01-01', '2025-12-31', 'year')).toBeNull();
    expect(financeRangeError('2015-01-01', '2025-12-31', 'range')).toEqual({ field: 'to', max: 3660 });
    // An end before the start is the day inputs' to say.
    expect(financeRangeError('2026-05-02', '2026-05-01', 'day')).toBeNull();
  });

  it('defaults EBITDA to the last twelve months, this one up to today', () => {
    expect(lastTwelveMonths('2026-05-14')).toEqual({ from: '2025-06-01', to: '2026-05-14' });
    expect(lastTwelveMonths('2026-12-31')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(lastTwelveMonths('2026-01-01')).toEqual({ from: '2025-02-01', to: '2026-01-01' });
  });
});
