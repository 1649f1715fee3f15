import { describe, expect, it } from 'vitest';
import { navigationLinks } from './navigate.ts';

describe('navigationLinks', () => {
  it('builds a geo: link with the name and an OpenStreetMap directions link', () => {
    expect(navigationLinks({ lat: 45.815, lng: 15.9819 }, 'Kafić Centar')).toEqual({
      geo: 'geo:45.815,15.9819?q=45.815,15.9819(Kafi%C4%87%20Centar)',
      osm: 'https://www.openstreetmap.org/directions?to=45.815%2C15.9819',
    });
  });
  it('rounds to six decimals and keeps the sign', () => {
    expect(navigationLinks({ lat: -33.123456789, lng: -70.0000004 })).toEqual({
      geo: 'geo:-33.123457,-70?q=-33.123457,-70',
      osm: 'https://www.openstreetmap.org/directions?to=-33.123457%2C-70',
    });
  });
  it('drops parentheses from the name so the label is not cut short', () => {
    expect(navigationLinks({ lat: 45, lng: 16 }, 'Bar (stari) grad')?.geo).toBe('geo:45,16?q=45,16(Bar%20stari%20grad)');
  });
  it('gives no links without a real point', () => {
    expect(navigationLinks(null, 'X')).toBeNull();
    expect(navigationLinks(undefined)).toBeNull();
    expect(navigationLinks({ lat: Number.NaN, lng: 16 })).toBeNull();
    expect(navigationLinks({ lat: 91, lng: 16 })).toBeNull();
  });
});
