import type { MapTiles } from '@kovanica/contract';
import type { FeatureCollection } from 'geojson';
import { control, geoJSON, type Map as LeafletMap, latLngBounds, type PathOptions, type TileLayer, tileLayer } from 'leaflet';
import classes from './map.module.css';
import regionText from './region.geojson?raw';
import { tileOptions } from './tiles.ts';

export { MAX_ZOOM } from './tiles.ts';

/**
 * The bundled base layer: Croatia and its neighbours (tools/region-outline.ts), so a map reads without
 * tiles (decision 0008). The box must match `REGION` there; Croatia (ISO 3166 191) is drawn a shade apart.
 */
const region = JSON.parse(regionText) as FeatureCollection;
export const REGION_BOUNDS = latLngBounds([41.5, 12.0], [47.6, 21.0]);
export const CROATIA = latLngBounds([42.39, 13.49], [46.55, 19.45]);
const HOME_COUNTRY = '191';
/** The class of a map's container: the sea's colour, the focus ring, a readable attribution. */
export const mapClass = classes.sea;

const landStyle = (feature?: { id?: string | number }): PathOptions => ({
  className: feature?.id === HOME_COUNTRY ? classes.home : classes.land,
  weight: feature?.id === HOME_COUNTRY ? 1.5 : 1,
});

/**
 * The outline, in a pane of its own under the tile pane: always drawn, so where tiles are off, slow or
 * unreachable the land still reads. With the attribution control that names it (and the tiles).
 */
export function addOutline(map: LeafletMap) {
  map.createPane('land').style.zIndex = '150';
  control.attribution({ position: 'bottomright', prefix: false }).addTo(map);
  geoJSON(region, { style: landStyle, interactive: false, pane: 'land', attribution: 'Natural Earth' }).addTo(map);
}

/** The configured tiles over the outline; none when the server has them off. Remove the layer to change them. */
export function addTiles(map: LeafletMap, tiles: MapTiles | null): TileLayer | null {
  return tiles ? tileLayer(tiles.url, tileOptions(tiles)).addTo(map) : null;
}
