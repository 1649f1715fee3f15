/** A point on the map in degrees (WGS 84), as locations store it. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** Degrees to at most 6 decimals (about 10 cm), without trailing zeros: `45.815`, `15.981919`. */
const degrees = (value: number): string => String(Number(value.toFixed(6)));

/** A name fit for the `(label)` of a geo: link: parentheses would end it early, so they go. */
const label = (name: string): string => encodeURIComponent(name.replace(/[()]/g, ' ').replace(/\s+/g, ' ').trim());

/**
 * Links that open a route to a place: `geo` opens the phone's maps app (Android, most of iOS through the
 * browser's handler), `osm` opens OpenStreetMap's directions in the browser with the place as the destination.
 * `null` when the point is missing or not a real coordinate — then no link is shown.
 */
export function navigationLinks(point: LatLng | null | undefined, name = ''): { geo: string; osm: string } | null {
  if (!point || !Number.isFinite(point.lat) || !Number.isFinite(point.lng)) return null;
  if (Math.abs(point.lat) > 90 || Math.abs(point.lng) > 180) return null;
  const at = `${degrees(point.lat)},${degrees(point.lng)}`;
  const named = label(name);
  return {
    geo: `geo:${at}?q=${at}${named ? `(${named})` : ''}`,
    osm: `https://www.openstreetmap.org/directions?to=${degrees(point.lat)}%2C${degrees(point.lng)}`,
  };
}
