import type { GeoPoint, VisitStop } from '@kovanica/contract';

/** A location's stops, one after another in route order (a stop without a location is a group of its own). */
export interface StopGroup {
  key: string;
  location: string | null;
  locationName: string | null;
  address: string | null;
  point: GeoPoint | null;
  stops: VisitStop[];
}

/** Stops in route order, grouped by location where they follow one another (the route keeps a location's devices together). */
export function groupByLocation(stops: readonly VisitStop[]): StopGroup[] {
  const groups: StopGroup[] = [];
  for (const stop of [...stops].sort((a, b) => a.position - b.position)) {
    const last = groups.at(-1);
    if (last && stop.location !== null && last.location === stop.location) last.stops.push(stop);
    else
      groups.push({
        key: `${stop.location ?? stop.device}-${stop.position}`,
        location: stop.location,
        locationName: stop.locationName,
        address: stop.address,
        point: stop.point,
        stops: [stop],
      });
  }
  return groups;
}

const EARTH_RADIUS_M = 6_371_000;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle metres between two points (the route planner's straight line). */
export function metresBetween(a: GeoPoint, b: GeoPoint): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Straight-line metres from the start through the given stops' points in their order (stops without
 * a point are passed over): the length of a proposal once some devices are left out, before the server
 * plans the visit's own route.
 */
export function routeMetres(start: GeoPoint | null, stops: readonly Pick<VisitStop, 'point'>[]): number {
  let metres = 0;
  let at = start;
  for (const { point } of stops) {
    if (!point) continue;
    if (at) metres += metresBetween(at, point);
    at = point;
  }
  return Math.round(metres);
}

/** `12,3 km` in the user's language: kilometres with one decimal. */
export function formatKm(metres: number, language: string): string {
  const km = (metres / 1000).toFixed(1);
  return `${language === 'hr' ? km.replace('.', ',') : km} km`;
}

/** A route map's stops: one marker per location, numbered by its first stop, done when all its stops are. */
export function mapStops(groups: readonly StopGroup[], label: (group: StopGroup) => string) {
  return groups.map((group) => ({
    id: group.key,
    position: group.stops[0]?.position ?? 0,
    point: group.point,
    label: label(group),
    done: group.stops.every((stop) => stop.status !== 'to_do'),
  }));
}
