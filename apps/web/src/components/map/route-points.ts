/** A point in degrees, as locations store them. */
export interface RoutePoint {
  lat: number;
  lng: number;
}

export interface RouteStop {
  id: string;
  /** The stop's place in the route, from 1; markers show it and the line goes through the stops in this order. */
  position: number;
  /** null: the place has no coordinates; it stays in the list, not on the map. */
  point: RoutePoint | null;
  label: string;
  done?: boolean;
}

export interface RouteMapProps {
  /** Where the route begins (the field worker's base or position); null: it begins at the first stop. */
  start: RoutePoint | null;
  stops: readonly RouteStop[];
  /** A click (or Enter) on a stop's marker; without it the markers are pictures only. */
  onStopClick?: (id: string) => void;
  /** CSS height of the map; 20rem unless given. */
  height?: number | string;
}

const real = (p: RoutePoint | null | undefined): p is RoutePoint =>
  !!p && Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180;

/** The stops in route order (by position, then as given). */
export const ordered = <T extends Pick<RouteStop, 'position'>>(stops: readonly T[]): T[] =>
  [...stops].sort((a, b) => a.position - b.position);

/** The route's line as `[lat, lng]` pairs: the start, then each stop that has a point, in order. */
export function routeLine(start: RoutePoint | null, stops: readonly RouteStop[]): [number, number][] {
  const points = [start, ...ordered(stops).map((s) => s.point)].filter(real);
  return points.map((p) => [p.lat, p.lng]);
}

/**
 * What the map fits to, as a key that changes only when a point does: a stop marked done, a new label
 * or a refresh with the same places does not move the view.
 */
export const fitKeyOf = (line: readonly [number, number][]) => line.map(([lat, lng]) => `${lat},${lng}`).join(';');

/** The stops that can be drawn, in order. */
export const drawnStops = (stops: readonly RouteStop[]) => ordered(stops).filter((s) => real(s.point));
