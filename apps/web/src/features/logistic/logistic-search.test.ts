import { describe, expect, it } from 'vitest';
import { logisticQueryOf, logisticSearch } from './logistic-search.ts';

const LESSOR = '/api/v2/lessors/2';
const LOCATION = '/api/v2/locations/3';
const DEVICE = '/api/v2/devices/7';
const COMPANY = '/api/v2/companies/1';

describe('logistic report search params', () => {
  it('keeps real days, the filters of the subject, a known group and the page', () => {
    expect(
      logisticSearch('device')({
        from: '2026-05-01',
        to: '2026-05-31',
        company: COMPANY,
        lessor: LESSOR,
        location: LOCATION,
        device: DEVICE,
        group: 'prize_device',
        page: '2',
        itemsPerPage: '50',
      }),
    ).toEqual({
      from: '2026-05-01',
      to: '2026-05-31',
      company: COMPANY,
      lessor: LESSOR,
      location: LOCATION,
      device: DEVICE,
      group: 'prize_device',
      page: 2,
      itemsPerPage: 50,
    });
  });

  it('drops a device filter by location, and anything malformed', () => {
    expect(logisticSearch('location')({ lessor: LESSOR, location: LOCATION, device: DEVICE })).toEqual({
      lessor: LESSOR,
      location: LOCATION,
    });
    expect(logisticSearch('device')({ to: '2026-02-30', device: LOCATION, lessor: 3, group: 'pinball', page: '0' })).toEqual({});
  });
});

describe('logistic report query', () => {
  const range = { from: '2026-05-01', to: '2026-05-14' };

  it('is not asked without a filter: the range and the page alone do not narrow it', () => {
    expect(logisticQueryOf('device', {}, range, 'my')).toBeNull();
    expect(logisticQueryOf('device', { from: '2026-04-01', page: 2 }, range, 'all')).toBeNull();
  });

  it('counts the company as a filter only in the All Companies view', () => {
    expect(logisticQueryOf('location', { company: COMPANY }, range, 'my')).toBeNull();
    expect(logisticQueryOf('location', { company: COMPANY }, range, 'all')).toEqual({
      subject: 'location',
      from: '2026-05-01',
      to: '2026-05-14',
      company: COMPANY,
    });
  });

  it('asks for the default range, the filters of the subject, the group and the page', () => {
    expect(logisticQueryOf('device', { location: LOCATION, group: 'saldo_reducer', page: 3, itemsPerPage: 50 }, range, 'my')).toEqual({
      subject: 'device',
      from: '2026-05-01',
      to: '2026-05-14',
      location: LOCATION,
      group: 'saldo_reducer',
      page: 3,
      itemsPerPage: 50,
    });
    expect(logisticQueryOf('location', { device: DEVICE, group: 'monster' }, { ...range, to: '2026-05-31' }, 'my')).toEqual({
      subject: 'location',
      from: '2026-05-01',
      to: '2026-05-31',
      group: 'monster',
    });
  });
});
