import type { MapTiles } from '@kovanica/contract';
import type { TileLayerOptions } from 'leaflet';

/** The deepest zoom of a map: streets and house numbers; the outline has no limit of its own. */
export const MAX_ZOOM = 18;

/**
 * Leaflet's options for the configured tiles (decision 0052): the attribution the provider's terms ask
 * for, and no requests past the deepest zoom the server serves (Leaflet enlarges that level instead).
 */
export function tileOptions(tiles: MapTiles): TileLayerOptions {
  return {
    attribution: tiles.attribution,
    maxNativeZoom: Math.min(tiles.maxZoom, MAX_ZOOM),
    maxZoom: MAX_ZOOM,
  };
}
