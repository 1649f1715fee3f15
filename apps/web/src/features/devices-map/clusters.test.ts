import type { Location } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { clusterPlaces, type Project, zoomToPart } from './clusters.ts';
import type { MapState, Place } from './map-state.ts';

/** Flat pixels: a degree is 10 px at zoom 0, twice as many at each zoom. */
const project: Project = (lat, lng, zoom) => ({ x: lng * 10 * 2 ** zoom, y: -lat * 10 * 2 ** zoom });

const place = (id: number, lat: number, lng: number, state: MapState, devices = 1) =>
  ({
    location: { id, name: `L${id}` } as Location,
    latitude: lat,
    longitude: lng,
    state,
    devices: Array.from({ length: devices }, () => ({ device: {}, state })),
  }) as Place;

describe('circles that would overlap', () => {
  const mall = [place(1, 45.7733, 15.9446, 'ok', 4), place(2, 45.7736, 15.9451, 'critical', 1)];
  const split = place(3, 43.5, 16.44, 'offline', 3);

  it('are one circle at a country-wide zoom: the devices added up, the worst state, where the worst place is', () => {
    const clusters = clusterPlaces([...mall, split], 3, project);
    expect(clusters.map((c) => [c.key, c.count, c.state, c.latitude])).toEqual([
      ['1-2', 5, 'critical', 45.7736],
      ['3', 3, 'offline', 43.5],
    ]);
  });

  it('part when zoomed in far enough', () => {
    expect(clusterPlaces([...mall, split], 14, project).map((c) => c.key)).toEqual(['2', '3', '1']);
    expect(zoomToPart([...mall, split], 1, 3, 18, project)).toBe(13);
    expect(zoomToPart([...mall, split], 3, 3, 18, project)).toBe(3);
  });

  it('never part at the same spot', () => {
    const same = [place(1, 45, 16, 'ok'), place(2, 45, 16, 'ok')];
    expect(zoomToPart(same, 1, 3, 18, project)).toBeNull();
  });
});
