import 'leaflet/dist/leaflet.css';
import type { MapTiles } from '@kovanica/contract';
import { divIcon, type LayerGroup, latLngBounds, layerGroup, marker, polyline } from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CROATIA, mapClass } from './base-layers.ts';
import classes from './map.module.css';
import { drawnStops, fitKeyOf, type RouteMapProps, type RoutePoint, routeLine } from './route-points.ts';
import { useBaseMap } from './use-base-map.ts';

const FIT = { padding: [36, 36] as [number, number], maxZoom: 15 };
const MARKER = 28;

interface RouteMapViewProps extends Required<Pick<RouteMapProps, 'height'>>, Omit<RouteMapProps, 'height'> {
  tiles: MapTiles | null;
}

/** The base map (`useBaseMap`, as the devices map's; decision 0008) with the route's layers, redrawn as it changes. */
export default function RouteMapView({ start, stops, onStopClick, height, tiles }: RouteMapViewProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const map = useBaseMap(container, {
    tiles,
    label: t('map.route.label', { count: stops.length }),
    zoomInTitle: t('map.zoomIn'),
    zoomOutTitle: t('map.zoomOut'),
  });
  // The latest click handler, so a new function from the parent does not redraw the markers.
  const onClick = useRef(onStopClick);
  onClick.current = onStopClick;
  const clickable = onStopClick !== undefined;

  // The line and the markers: the start first, then the stops in order (a later one over an earlier one).
  useEffect(() => {
    if (!map) return;
    const group: LayerGroup = layerGroup().addTo(map);
    const line = routeLine(start, stops);
    if (line.length > 1) polyline(line, { className: classes.routeLine, weight: 4, interactive: false }).addTo(group);
    const size: [number, number] = [MARKER, MARKER];
    const anchor: [number, number] = [MARKER / 2, MARKER / 2];
    if (start) {
      const startMarker = marker([start.lat, start.lng], {
        icon: divIcon({ className: classes.start, iconSize: [22, 22], iconAnchor: [11, 11], html: '' }),
        keyboard: false,
        interactive: false,
      }).addTo(group);
      label(startMarker.getElement(), t('map.route.start'), false);
    }
    for (const stop of drawnStops(stops)) {
      const point = stop.point as RoutePoint;
      const text = t(stop.done ? 'map.route.stopDone' : 'map.route.stop', { position: stop.position, label: stop.label });
      const stopMarker = marker([point.lat, point.lng], {
        icon: divIcon({
          className: `${classes.stop} ${stop.done ? classes.stopDone : ''}`,
          iconSize: size,
          iconAnchor: anchor,
          html: String(stop.position),
        }),
        keyboard: clickable,
        interactive: clickable,
        title: text,
        // Done stops under the open ones.
        zIndexOffset: stop.done ? 0 : 1000,
      }).addTo(group);
      if (clickable) stopMarker.on('click', () => onClick.current?.(stop.id));
      label(stopMarker.getElement(), text, clickable);
      stopMarker.getElement()?.setAttribute('data-stop', stop.id);
      if (stop.done) stopMarker.getElement()?.setAttribute('data-done', 'true');
    }
    return () => {
      group.remove();
    };
  }, [map, start, stops, clickable, t]);

  // Fitted to the route when its points change; not when a stop is only marked done.
  const fitKey = fitKeyOf(routeLine(start, stops));
  // biome-ignore lint/correctness/useExhaustiveDependencies: refits on new points only (the key), not on new objects
  useEffect(() => {
    if (!map) return;
    const line = routeLine(start, stops);
    if (line.length === 0) map.fitBounds(CROATIA, { animate: false });
    else if (line.length === 1) map.setView(line[0] as [number, number], FIT.maxZoom, { animate: false });
    else map.fitBounds(latLngBounds(line), { ...FIT, animate: false });
  }, [map, fitKey]);

  return <div ref={container} className={mapClass} style={{ height }} />;
}

/** A marker's name for screen readers: a button when it can be clicked, else a picture. */
function label(element: HTMLElement | undefined, text: string, button: boolean) {
  if (!element) return;
  element.setAttribute('role', button ? 'button' : 'img');
  element.setAttribute('aria-label', text);
}
