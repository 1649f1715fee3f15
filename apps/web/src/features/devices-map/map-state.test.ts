import type { Device, DeviceState, Location } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { devicesMapSearch, filterFleet, isProblematic, mapStateOf, pickedStates, placeFleet, searchOf } from './map-state.ts';

const working: DeviceState = {
  online: true,
  lastSeenAt: '2026-05-01T10:00:00Z',
  serviceMode: false,
  serviceSince: null,
  critical: false,
  criticalCode: null,
  criticalSince: null,
  problems: [],
  cashInBoxCents: 0,
  tokensInBox: 0,
  lastEmptiedAt: null,
  dailyIntakeCents: 0,
  expectedCashCents: 0,
  fillPercent: null,
  fullOn: null,
};

const device = (id: number, name: string, location: number | null, state: Partial<DeviceState> = {}) =>
  ({
    '@id': `/api/v2/devices/${id}`,
    id,
    name,
    location: location === null ? null : `/api/v2/locations/${location}`,
    locationName: location === null ? null : `Location ${location}`,
    state: { ...working, ...state },
  }) as Device;

const location = (id: number, name: string, coordinates: [number, number] | null) =>
  ({
    '@id': `/api/v2/locations/${id}`,
    id,
    name,
    latitude: coordinates?.[0] ?? null,
    longitude: coordinates?.[1] ?? null,
  }) as Location;

describe('the map state of a device', () => {
  it('is the worst that applies: critical, offline, service mode, problematic, working', () => {
    expect(mapStateOf({ ...working, critical: true, online: false, serviceMode: true, problems: ['no_revenue'] })).toBe('critical');
    expect(mapStateOf({ ...working, online: false, serviceMode: true, problems: ['offline'] })).toBe('offline');
    expect(mapStateOf({ ...working, serviceMode: true, problems: ['no_revenue'] })).toBe('service');
    expect(mapStateOf({ ...working, problems: ['deposit_difference'] })).toBe('problematic');
    expect(mapStateOf(working)).toBe('ok');
  });
});

describe('placing the fleet', () => {
  const locations = [location(1, 'Arena', [45.77, 15.94]), location(2, 'Riva', [43.5, 16.44]), location(3, 'Skladište', null)];
  const devices = [
    device(10, 'Konjić 1', 1),
    device(11, 'Autić 1', 1, { online: false }),
    device(12, 'Dupin 1', 1, { serviceMode: true }),
    device(13, 'Boksač 1', 2, { problems: ['no_revenue'] }),
    device(14, 'Kapsule 1', 3, { critical: true, criticalCode: 'E12' }),
    device(15, 'Foto kabina 1', null),
  ];
  const fleet = placeFleet(devices, locations);

  it('gives each location with coordinates one place, in the state of its worst device, worst places first', () => {
    expect(fleet.places.map((p) => [p.location.name, p.state, p.devices.map((d) => d.device.name)])).toEqual([
      ['Arena', 'offline', ['Autić 1', 'Dupin 1', 'Konjić 1']],
      ['Riva', 'problematic', ['Boksač 1']],
    ]);
    expect(fleet.places[0]).toMatchObject({ latitude: 45.77, longitude: 15.94 });
  });

  it('keeps the devices it cannot place, with the reason', () => {
    expect(fleet.unplaced.map((d) => [d.device.name, d.state, d.reason])).toEqual([
      ['Kapsule 1', 'critical', 'no_coordinates'],
      ['Foto kabina 1', 'ok', 'no_location'],
    ]);
  });

  it('counts every device once, placed or not', () => {
    expect(fleet.counts).toEqual({ critical: 1, offline: 1, service: 1, problematic: 1, ok: 2 });
  });

  it('shows only the chosen states; a place takes the worst of the devices left', () => {
    const shown = filterFleet(fleet, new Set(['service', 'ok']));
    expect(shown.places.map((p) => [p.location.name, p.state, p.devices.length])).toEqual([['Arena', 'service', 2]]);
    expect(shown.unplaced.map((d) => d.device.name)).toEqual(['Foto kabina 1']);
    expect(filterFleet(fleet, new Set(['critical'])).places).toEqual([]);
  });
});

describe('the state filter in the address', () => {
  it('keeps known states in their order and drops the rest; all or none is no filter', () => {
    expect(devicesMapSearch({ state: 'ok,critical,bogus' })).toEqual({ state: 'critical,ok' });
    expect(devicesMapSearch({ state: 'bogus' })).toEqual({});
    expect(devicesMapSearch({ state: 3 })).toEqual({});
    expect(searchOf(['critical', 'offline', 'service', 'problematic', 'ok'])).toEqual({});
    expect(searchOf([])).toEqual({});
    expect(pickedStates({ state: 'critical,offline' })).toEqual(['critical', 'offline']);
    expect(pickedStates({})).toEqual([]);
  });
});

describe("the dashboard's problematic devices on the map", () => {
  // The dashboard counts a device problematic when it is not critical and has a problem, whatever its
  // worst state on the map: these three are counted, and shown in grey, blue and orange.
  const counted = [
    device(20, 'Offline while open', 1, { online: false, problems: ['offline'] }),
    device(21, 'In service, no revenue', 1, { serviceMode: true, problems: ['no_revenue'] }),
    device(22, 'Deposit off', 2, { problems: ['deposit_difference'] }),
  ];
  const notCounted = [
    device(23, 'Offline while closed', 1, { online: false }),
    device(24, 'Never heard', null, { online: false, lastSeenAt: null }),
    device(25, 'Critical', 2, { critical: true, criticalCode: 'E12', problems: [] }),
    device(26, 'Working', 2),
  ];

  it('are exactly those the dashboard counts, not every offline device', () => {
    expect([...counted, ...notCounted].filter(isProblematic).map((d) => d.id)).toEqual([20, 21, 22]);
    const fleet = placeFleet([...counted, ...notCounted].filter(isProblematic), [
      location(1, 'Arena', [45.77, 15.94]),
      location(2, 'Riva', [43.5, 16.44]),
    ]);
    expect(fleet.counts).toEqual({ critical: 0, offline: 1, service: 1, problematic: 1, ok: 0 });
  });

  it('are asked for in the address, beside the states, and kept when the states change', () => {
    expect(devicesMapSearch({ problems: true })).toEqual({ problems: true });
    expect(devicesMapSearch({ problems: 'true', state: 'offline' })).toEqual({ state: 'offline', problems: true });
    expect(devicesMapSearch({ problems: 'yes' })).toEqual({});
    expect(searchOf(['offline'], true)).toEqual({ state: 'offline', problems: true });
    expect(searchOf([], true)).toEqual({ problems: true });
  });
});
