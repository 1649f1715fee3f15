/**
 * Writes the Devices Map's bundled base layer, `apps/web/src/components/map/region.geojson`:
 * the outlines of Croatia and its neighbours, so the map is readable without map tiles (no internet
 * on many kiosks). Made once, and again only to change the region; the output is committed.
 *
 * Source: Natural Earth 1:50m countries (public domain) as TopoJSON from the npm package
 * `world-atlas`, turned into GeoJSON with `topojson-client`. Neither is a dependency of the project;
 * the output was made with:
 *
 *   npm install --prefix /tmp/geo-map --no-save --no-package-lock world-atlas@2.0.2 topojson-client@3.1.0
 *   node --import tsx tools/region-outline.ts /tmp/geo-map
 *
 * To keep the file small, only the countries that reach into the region's box are kept, their shapes
 * are clipped to the box (the map does not pan past it) and coordinates are rounded to 3 decimals
 * (about 100 m, finer than the outline's own accuracy at 1:50m).
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Must match `REGION_BOUNDS` in apps/web/src/components/map/base-layers.ts. */
export const REGION = { west: 12.0, south: 41.5, east: 21.0, north: 47.6 };
const DECIMALS = 3;

type Position = [number, number];
type Ring = Position[];
type Polygon = Ring[];
interface Feature {
  type: 'Feature';
  id?: string;
  properties: { name?: string };
  geometry: { type: 'Polygon'; coordinates: Polygon } | { type: 'MultiPolygon'; coordinates: Polygon[] } | null;
}

const depsDir = process.argv[2];
if (!depsDir) {
  console.error('usage: node --import tsx tools/region-outline.ts <dir where world-atlas and topojson-client are installed>');
  process.exit(1);
}
const require = createRequire(path.join(path.resolve(depsDir), 'package.json'));
const topology = require('world-atlas/countries-50m.json') as { objects: { countries: unknown } };
const { feature } = require('topojson-client') as {
  feature: (topology: unknown, object: unknown) => { features: Feature[] };
};

/** Sutherland–Hodgman: the part of a ring inside the box, one edge of the box at a time. */
function clipRing(ring: Ring): Ring {
  const edges: { inside: (p: Position) => boolean; cross: (a: Position, b: Position) => Position }[] = [
    { inside: (p) => p[0] >= REGION.west, cross: (a, b) => atX(a, b, REGION.west) },
    { inside: (p) => p[0] <= REGION.east, cross: (a, b) => atX(a, b, REGION.east) },
    { inside: (p) => p[1] >= REGION.south, cross: (a, b) => atY(a, b, REGION.south) },
    { inside: (p) => p[1] <= REGION.north, cross: (a, b) => atY(a, b, REGION.north) },
  ];
  let points = ring.slice(0, -1);
  for (const edge of edges) {
    const out: Position[] = [];
    points.forEach((current, i) => {
      const previous = points[(i + points.length - 1) % points.length] as Position;
      if (edge.inside(current)) {
        if (!edge.inside(previous)) out.push(edge.cross(previous, current));
        out.push(current);
      } else if (edge.inside(previous)) {
        out.push(edge.cross(previous, current));
      }
    });
    points = out;
    if (points.length === 0) break;
  }
  return points;
}
const atX = (a: Position, b: Position, x: number): Position => [x, a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0])];
const atY = (a: Position, b: Position, y: number): Position => [a[0] + ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]), y];

const round = (n: number) => Math.round(n * 10 ** DECIMALS) / 10 ** DECIMALS;

/** Rounded, without repeated points, closed; null when too little of it is left to draw. */
function tidy(points: Position[]): Ring | null {
  const ring: Ring = [];
  for (const [x, y] of points) {
    const p: Position = [round(x), round(y)];
    const last = ring[ring.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) ring.push(p);
  }
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first && last && first[0] === last[0] && first[1] === last[1]) ring.pop();
  if (ring.length < 3) return null;
  ring.push([...(ring[0] as Position)]);
  return ring;
}

function clipPolygon(polygon: Polygon): Polygon | null {
  const [outer, ...holes] = polygon.map((ring) => tidy(clipRing(ring)));
  if (!outer) return null;
  return [outer, ...holes.filter((h): h is Ring => h !== null)];
}

const countries = feature(topology, topology.objects.countries).features;
const kept: Feature[] = [];
for (const country of countries) {
  const geometry = country.geometry;
  if (!geometry) continue;
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const clipped = polygons.map(clipPolygon).filter((p): p is Polygon => p !== null);
  if (clipped.length === 0) continue;
  kept.push({
    type: 'Feature',
    // ISO 3166-1 numeric; Croatia is 191.
    id: country.id,
    properties: { name: country.properties.name },
    geometry:
      clipped.length === 1 ? { type: 'Polygon', coordinates: clipped[0] as Polygon } : { type: 'MultiPolygon', coordinates: clipped },
  });
}

const out = fileURLToPath(new URL('../apps/web/src/components/map/region.geojson', import.meta.url));
const text = `${JSON.stringify({ type: 'FeatureCollection', features: kept })}\n`;
writeFileSync(out, text);
console.log(`${kept.length} countries (${kept.map((c) => c.properties.name).join(', ')}), ${text.length} bytes → ${out}`);
