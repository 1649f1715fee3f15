import type { ComparativeRow } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { axisOf, largestChanges, linesOf } from './comparative-rows.ts';
import { comparativeQueryOf, comparativeSearch, periodsOf, periodTooLong } from './comparative-search.ts';

const LESSOR = '/api/v2/lessors/2';
const LOCATION = '/api/v2/locations/3';
const COMPANY = '/api/v2/companies/1';

describe('comparative analysis search params', () => {
  it('keeps both periods, the filters of the subject, the page and a known order', () => {
    expect(
      comparativeSearch('device')({
        from: '2026-05-01',
        to: '2026-05-14',
        compareFrom: '2025-05-01',
        compareTo: '2025-05-14',
        company: COMPANY,
        lessor: LESSOR,
        location: LOCATION,
        page: '2',
        itemsPerPage: '50',
        sort: 'changePercent',
        dir: 'desc',
      }),
    ).toEqual({
      from: '2026-05-01',
      to: '2026-05-14',
      compareFrom: '2025-05-01',
      compareTo: '2025-05-14',
      company: COMPANY,
      lessor: LESSOR,
      location: LOCATION,
      page: 2,
      itemsPerPage: 50,
      sort: 'changePercent',
      dir: 'desc',
    });
  });

  it('drops a filter that does not narrow the subject, and anything malformed', () => {
    expect(comparativeSearch('lessor')({ lessor: LESSOR, location: LOCATION })).toEqual({ lessor: LESSOR });
    expect(
      comparativeSearch('location')({
        compareFrom: '2026-02-30',
        compareTo: '14.05.2026',
        lessor: LOCATION,
        company: 1,
        sort: 'plays',
        dir: 'desc',
        page: '0',
      }),
    ).toEqual({});
    // Ascending is the direction left out.
    expect(comparativeSearch('device')({ sort: 'name', dir: 'asc' })).toEqual({ sort: 'name' });
  });
});

describe('comparative analysis periods', () => {
  it('defaults to this month to date against the same days of last month', () => {
    expect(periodsOf({}, '2026-05-14')).toEqual({
      range: { from: '2026-05-01', to: '2026-05-14' },
      compared: { from: '2026-04-01', to: '2026-04-14' },
    });
    expect(periodsOf({}, '2026-03-31').compared).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    // A chosen period is compared with its own days a month earlier until a comparison is chosen.
    expect(periodsOf({ from: '2026-01-10', to: '2026-01-20' }, '2026-05-14').compared).toEqual({ from: '2025-12-10', to: '2025-12-20' });
    expect(periodsOf({ compareFrom: '2025-05-01', compareTo: '2025-05-14' }, '2026-05-14').compared).toEqual({
      from: '2025-05-01',
      to: '2025-05-14',
    });
  });

  it('refuses a period longer than the API allows', () => {
    expect(periodTooLong({ from: '2016-01-01', to: '2025-12-31' })).toBe(false);
    expect(periodTooLong({ from: '2015-01-01', to: '2025-12-31' })).toBe(true);
  });
});

describe('comparative analysis query', () => {
  it('asks for both periods, the order, the page and the filters', () => {
    expect(
      comparativeQueryOf('location', { lessor: LESSOR, location: LOCATION, sort: 'changeCents', dir: 'desc', page: 3 }, 'my', '2026-05-14'),
    ).toEqual({
      subject: 'location',
      from: '2026-05-01',
      to: '2026-05-14',
      compareFrom: '2026-04-01',
      compareTo: '2026-04-14',
      lessor: LESSOR,
      location: LOCATION,
      page: 3,
      'order[changeCents]': 'desc',
    });
    expect(comparativeQueryOf('device', { sort: 'name' }, 'my', '2026-05-14')['order[name]']).toBe('asc');
  });

  it('narrows to a company only in the All Companies view', () => {
    expect(comparativeQueryOf('lessor', { company: COMPANY }, 'my', '2026-05-14').company).toBeUndefined();
    expect(comparativeQueryOf('lessor', { company: COMPANY }, 'all', '2026-05-14').company).toBe(COMPANY);
  });
});

const row = (subject: string | null, changeCents: number, company = COMPANY): ComparativeRow => ({
  rank: 1,
  subject,
  name: subject,
  company,
  companyName: 'Zabavni',
  currentCents: 0,
  previousCents: 0,
  changeCents,
  changePercent: null,
  currentPlays: 0,
  previousPlays: 0,
});

describe('comparative analysis lines', () => {
  it('keys each line by its subject and company, lines without a subject too', () => {
    expect(linesOf([row('/api/v2/devices/1', 5), row(null, 3), row(null, 2, '/api/v2/companies/2')]).map((l) => l.key)).toEqual([
      '/api/v2/devices/1|/api/v2/companies/1',
      'none|/api/v2/companies/1',
      'none|/api/v2/companies/2',
    ]);
  });

  it('charts the largest changes up or down, each line once, none that did not change', () => {
    const grown = [row('a', 900), row('b', 300), row('c', 0)];
    const shrunk = [row('d', -1200), row('e', -100), row('b', 300)];
    expect(largestChanges(grown, shrunk, 3).map((l) => [l.subject, l.changeCents])).toEqual([
      ['d', -1200],
      ['a', 900],
      ['b', 300],
    ]);
    expect(largestChanges([row('c', 0)], [], 10)).toEqual([]);
  });
});

describe('comparative analysis chart', () => {
  it('spans zero and the changes in round steps', () => {
    expect(axisOf([-29_500, 6_500])).toEqual({ domain: [-30_000, 10_000], ticks: [-30_000, -20_000, -10_000, 0, 10_000] });
    expect(axisOf([-198_400, -38_400])).toEqual({ domain: [-200_000, 0], ticks: [-200_000, -150_000, -100_000, -50_000, 0] });
    expect(axisOf([700, 1_200])).toEqual({ domain: [0, 1_500], ticks: [0, 500, 1_000, 1_500] });
    expect(axisOf([])).toEqual({ domain: [0, 0], ticks: [0] });
  });
});
