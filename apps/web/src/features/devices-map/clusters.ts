import { type MapState, mapStates, type Place, worstOf } from './map-state.ts';

/**
 * Locations whose circles would overlap at the map's zoom (a mall's two corners, a city's shops seen
 * from the whole country) are drawn as one circle: their devices added up, in the worst of their
 * states. Zooming in parts them; a circle never hides another one's colour or count.
 */
export interface Cluster {
  key: string;
  places: Place[];
  latitude: number;
  longitude: number;
  count: number;
  state: MapState;
}

/** A point in pixels at a zoom level (Leaflet's `CRS.latLngToPoint`). */
export type Project = (latitude: number, longitude: number, zoom: number) => { x: number; y: number };

/** Bigger for more devices, within reason: 1 device 12 px, 4 devices 15 px, 25 or more 24 px. */
export const radiusFor = (count: number) => Math.min(24, 9 + 3 * Math.sqrt(count));

const rank = (state: MapState) => mapStates.indexOf(state);

/**
 * Greedy: places worst first, each joins the first circle it would overlap, else starts its own; a
 * circle stays where its first (worst) place is, so the colour that matters most stays put.
 */
export function clusterPlaces(places: readonly Place[], zoom: number, project: Project): Cluster[] {
  const ordered = [...places].sort((a, b) => rank(a.state) - rank(b.state) || a.location.id - b.location.id);
  const groups: { at: { x: number; y: number }; places: Place[]; count: number }[] = [];
  for (const place of ordered) {
    const at = project(place.latitude, place.longitude, zoom);
    const radius = radiusFor(place.devices.length);
    const group = groups.find((g) => Math.hypot(g.at.x - at.x, g.at.y - at.y) < radiusFor(g.count) + radius);
    if (group) {
      group.places.push(place);
      group.count += place.devices.length;
    } else {
      groups.push({ at, places: [place], count: place.devices.length });
    }
  }
  return groups.map((g) => {
    const first = g.places[0] as Place;
    return {
      key: g.places
        .map((p) => p.location.id)
        .sort((a, b) => a - b)
        .join('-'),
      places: g.places,
      latitude: first.latitude,
      longitude: first.longitude,
      count: g.count,
      state: worstOf(g.places.map((p) => p.state)),
    };
  });
}

/** The least zoom, from `from` up to `max`, at which a location has a circle of its own; null if none. */
export function zoomToPart(places: readonly Place[], locationId: number, from: number, max: number, project: Project): number | null {
  for (let zoom = Math.ceil(from); zoom <= max; zoom++) {
    const own = clusterPlaces(places, zoom, project).find((c) => c.places.some((p) => p.location.id === locationId));
    if (own && own.places.length === 1) return zoom;
  }
  return null;
}
