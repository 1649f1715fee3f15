import type { MapTiles } from '@kovanica/contract';
import { control, type Map as LeafletMap, map as leafletMap } from 'leaflet';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { addOutline, addTiles, CROATIA, MAX_ZOOM } from './base-layers.ts';

export interface BaseMapOptions {
  /** The configured tiles over the outline (decision 0052); null: the outline alone. */
  tiles: MapTiles | null;
  /** The map region's name for assistive technology, and the zoom buttons' titles, all translated. */
  label: string;
  zoomInTitle: string;
  zoomOutTitle: string;
  /** Leaflet's `zoomSnap`, read when the map is made (the devices map zooms in half steps). */
  zoomSnap?: number;
  /**
   * Called once with the new map, before anything is drawn on it (a zoom listener); what it returns is
   * called after the map is removed.
   */
  setup?: (map: LeafletMap) => (() => void) | undefined;
}

/**
 * The Leaflet map every map of the product starts from (decision 0008): made once for its div, fitted
 * to Croatia, the bundled outline under the configured tiles, attribution, Leaflet's keyboard support,
 * no motion when the system asks for less, and the zoom buttons and the region's name in the user's
 * language. `null` until the div is there; what a map draws on it (circles, a route) is its own.
 */
export function useBaseMap(container: RefObject<HTMLDivElement | null>, options: BaseMapOptions): LeafletMap | null {
  const { tiles, label, zoomInTitle, zoomOutTitle } = options;
  const [map, setMap] = useState<LeafletMap | null>(null);
  // Read when the map is made: a new function or option from the parent does not make the map again.
  const initial = useRef(options);

  useEffect(() => {
    if (!container.current) return;
    const { zoomSnap, setup } = initial.current;
    // Without motion when the system asks for less: zooms, fades and panning land at once.
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const created = leafletMap(container.current, {
      zoomAnimation: !still,
      fadeAnimation: !still,
      markerZoomAnimation: !still,
      inertia: !still,
      zoomControl: false,
      attributionControl: false,
      ...(zoomSnap === undefined ? {} : { zoomSnap }),
      maxZoom: MAX_ZOOM,
      // Leaflet's own keyboard support: arrows pan, +/- zoom, Escape closes a popup.
      keyboard: true,
    });
    created.fitBounds(CROATIA, { animate: false });
    addOutline(created);
    const teardown = setup?.(created);
    setMap(created);
    return () => {
      created.remove();
      teardown?.();
      setMap(null);
    };
  }, [container]);

  // The configured tiles over the outline; none in tests and where the server has them off.
  useEffect(() => {
    if (!map) return;
    const layer = addTiles(map, tiles);
    return () => {
      layer?.remove();
    };
  }, [map, tiles]);

  // Named for assistive technology, with the zoom buttons, in the user's language.
  useEffect(() => {
    if (!map) return;
    const element = map.getContainer();
    element.setAttribute('role', 'region');
    element.setAttribute('aria-label', label);
    const zoom = control.zoom({ position: 'topleft', zoomInTitle, zoomOutTitle }).addTo(map);
    return () => {
      zoom.remove();
    };
  }, [map, label, zoomInTitle, zoomOutTitle]);

  return map;
}
