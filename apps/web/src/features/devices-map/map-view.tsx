import 'leaflet/dist/leaflet.css';
import type { MapTiles } from '@kovanica/contract';
import { Divider, Stack, useMantineTheme } from '@mantine/core';
import {
  type CircleMarker,
  CRS,
  circleMarker,
  type Map as LeafletMap,
  latLng,
  latLngBounds,
  popup as leafletPopup,
  type PathOptions,
  type Popup,
  point,
} from 'leaflet';
import { Fragment, type Ref, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { CROATIA, MAX_ZOOM, mapClass, REGION_BOUNDS } from '../../components/map/base-layers.ts';
import { useBaseMap } from '../../components/map/use-base-map.ts';
import { type Cluster, clusterPlaces, type Project, radiusFor, zoomToPart } from './clusters.ts';
import classes from './devices-map.module.css';
import { fillColour, fillLevelOf, fillSummary, fillText, fullestOf } from './fill-levels.ts';
import type { Place } from './map-state.ts';
import { PlaceDevices } from './place-devices.tsx';
import { countText, themeColour } from './state-colours.ts';

const FIT = { padding: [32, 32] as [number, number], maxZoom: 14 };
const POPUP = { minWidth: 220, maxWidth: 320, autoPanPadding: [24, 24] as [number, number] };

export interface MapHandle {
  /** Fits the map to the markers shown. */
  fitAll: () => void;
}

interface MapViewProps {
  places: Place[];
  /** The map fits its markers again when this changes (filter, view), not when the states refresh. */
  fitKey: string;
  wide: boolean;
  /**
   * A location asked for from the lists: the map centres on it, zooming in until it has a circle of its
   * own, opens its popup and calls `onShown`. Held by the page, so a click that comes before the map
   * (a chunk of its own) has loaded is carried out once it has.
   */
  showing: number | null;
  onShown: () => void;
  handle: Ref<MapHandle>;
  /** The tiles the server configures; null: the outline alone. */
  tiles: MapTiles | null;
  /** What the circles' colour tells: the worst device state, or the fullest cash box (the cash box layer). */
  colourBy: ColourBy;
}

export type ColourBy = 'state' | 'fill';

const boundsOf = (places: readonly Place[]) =>
  places.length > 0 ? latLngBounds(places.map((p) => [p.latitude, p.longitude] as [number, number])) : CROATIA;

/** A point in pixels at a zoom, as the map projects it (its CRS is Leaflet's default). */
const project: Project = (lat, lng, zoom) => CRS.EPSG3857.latLngToPoint(latLng(lat, lng), zoom);

const sameSpot = (places: readonly Place[]) =>
  places.every((p) => p.latitude === places[0]?.latitude && p.longitude === places[0]?.longitude);

/** A circle on the map and what it shows; the popup (with its content node) only where a click does not zoom. */
interface Circle {
  marker: CircleMarker;
  cluster: Cluster;
  zooms: boolean;
  popup: { popup: Popup; node: HTMLElement } | null;
  tooltipClass: string;
}

/** The open popup: its circle and the node its React content is rendered into. */
interface OpenPopup {
  key: string;
  popup: Popup;
  node: HTMLElement;
}

/**
 * Lays a popup out again for content React has just rendered. `pan` lets it move the map to show itself
 * (when it opens); a refresh of its content must not move the map.
 */
function relayout(popup: Popup, pan: boolean) {
  const autoPan = popup.options.autoPan;
  popup.options.autoPan = pan && autoPan;
  popup.update();
  popup.options.autoPan = autoPan;
}

/** The popup's content: every location of the circle (those at one spot list together). */
function PopupContent({ cluster, wide }: { cluster: Cluster; wide: boolean }) {
  return (
    <Stack gap="sm">
      {cluster.places.map((place, i) => (
        <Fragment key={place.location.id}>
          {i > 0 && <Divider />}
          <PlaceDevices place={place} wide={wide} heading />
        </Fragment>
      ))}
    </Stack>
  );
}

/**
 * The Leaflet map: the bundled outline (and the configured tiles), one circle per location coloured by its worst device state,
 * grouped anew at each zoom. Plain Leaflet (decision 0008): the map is made once for its div, the circles
 * are added, changed and removed as the places change, so a refresh never moves the view; it fits its
 * circles when it opens and when the filter or view changes.
 */
export default function MapView({ places, fitKey, wide, showing, onShown, handle, tiles, colourBy }: MapViewProps) {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const container = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState(0);
  const [open, setOpen] = useState<OpenPopup | null>(null);
  const circles = useRef(new Map<string, Circle>());

  // The base map (the outline under the circles, the tiles, attribution, keyboard support), zooming in
  // half steps; the circles are regrouped at each zoom and forgotten with the map.
  const map = useBaseMap(container, {
    tiles,
    label: t('resources.devices.map.mapLabel'),
    zoomInTitle: t('resources.devices.map.zoomIn'),
    zoomOutTitle: t('resources.devices.map.zoomOut'),
    zoomSnap: 0.5,
    setup: (created: LeafletMap) => {
      created.on('zoomend', () => setZoom(created.getZoom()));
      setZoom(created.getZoom());
      const drawn = circles.current;
      return () => {
        drawn.clear();
        setOpen(null);
      };
    },
  });

  // Worst last, so a critical circle is drawn over an ok one it touches.
  const clusters = useMemo(() => (map ? clusterPlaces(places, zoom, project).reverse() : []), [map, places, zoom]);
  const canZoom = zoom < MAX_ZOOM;

  // The circles follow the clusters: new ones added, gone ones removed, the rest changed in place.
  useLayoutEffect(() => {
    if (!map) return;
    const drawn = circles.current;
    const keys = new Set(clusters.map((c) => c.key));
    for (const [key, circle] of drawn) {
      if (!keys.has(key)) {
        circle.marker.remove();
        drawn.delete(key);
      }
    }
    for (const cluster of clusters) {
      const single = cluster.places.length === 1;
      const fullest = colourBy === 'fill' ? fullestOf(cluster.places) : null;
      const level = colourBy === 'fill' ? fillLevelOf(fullest) : null;
      const colour = level ? fillColour(theme, level) : themeColour(theme, cluster.state);
      const style: PathOptions = single
        ? { color: '#fff', weight: 2, opacity: 1, fillColor: colour, fillOpacity: 1 }
        : { color: colour, weight: 8, opacity: 0.35, fillColor: colour, fillOpacity: 1 };
      // A spread group zooms in on a click; a group that no zoom parts lists every location in its popup.
      const zooms = !single && canZoom && !sameSpot(cluster.places);
      const dark = (level ? fillText(level) : countText(cluster.state)) === 'dark';
      const tooltipClass = `${classes.count} ${dark ? classes.countDark : classes.countLight}`;

      let circle = drawn.get(cluster.key);
      if (!circle) {
        const key = cluster.key;
        const marker = circleMarker([cluster.latitude, cluster.longitude], { ...style, radius: radiusFor(cluster.count) });
        marker.on('click', () => {
          const current = drawn.get(key);
          if (current?.zooms) map.fitBounds(boundsOf(current.cluster.places), { padding: [48, 48], maxZoom: MAX_ZOOM });
        });
        marker.on('popupopen', (event) => {
          const node = drawn.get(key)?.popup?.node;
          if (node) setOpen({ key, popup: event.popup, node });
        });
        marker.on('popupclose', () => setOpen((o) => (o?.key === key ? null : o)));
        marker.bindTooltip(String(cluster.count), { permanent: true, direction: 'center', className: tooltipClass });
        marker.addTo(map);
        circle = { marker, cluster, zooms, popup: null, tooltipClass };
        drawn.set(key, circle);
      } else {
        circle.marker.setLatLng([cluster.latitude, cluster.longitude]);
        circle.marker.setRadius(radiusFor(cluster.count));
        circle.marker.setStyle(style);
        if (circle.tooltipClass !== tooltipClass) {
          // A tooltip takes its class when it is made.
          circle.marker
            .unbindTooltip()
            .bindTooltip(String(cluster.count), { permanent: true, direction: 'center', className: tooltipClass });
          circle.tooltipClass = tooltipClass;
        }
        circle.cluster = cluster;
        circle.zooms = zooms;
      }
      circle.marker.setTooltipContent(String(cluster.count));
      if (zooms && circle.popup) {
        circle.marker.unbindPopup();
        circle.popup = null;
      } else if (!zooms && !circle.popup) {
        const node = document.createElement('div');
        const popup = leafletPopup(POPUP).setContent(node);
        circle.marker.bindPopup(popup);
        circle.popup = { popup, node };
      }

      // The circle is an SVG path: named for screen readers, its state readable by tests and tools.
      const stateSummary = t('resources.devices.map.placeSummary', {
        count: cluster.count,
        state: t(`resources.devices.map.states.${cluster.state}`),
      });
      const summary = level ? `${stateSummary} · ${fillSummary(t, fullest)}` : stateSummary;
      const label = single
        ? t('resources.devices.map.markerLabel', { location: cluster.places[0]?.location.name, summary })
        : t('resources.devices.map.clusterLabel', { count: cluster.places.length, summary });
      const element = circle.marker.getElement();
      element?.setAttribute('role', 'img');
      element?.setAttribute('aria-label', label);
      element?.setAttribute('data-state', cluster.state);
      if (level) element?.setAttribute('data-fill', level);
      else element?.removeAttribute('data-fill');
      // In the clusters' order, worst last: a circle that turned critical comes over its neighbours.
      circle.marker.bringToFront();
    }
  }, [map, clusters, canZoom, theme, t, colourBy]);

  // The open popup's content is rendered by React into its node; then Leaflet sizes the popup to it.
  const openCluster = open ? clusters.find((c) => c.key === open.key) : undefined;
  const opened = useRef<OpenPopup | null>(null);
  useLayoutEffect(() => {
    if (!open || !openCluster) return;
    // Leaflet names its close button in English.
    open.popup
      .getElement()
      ?.querySelector('.leaflet-popup-close-button')
      ?.setAttribute('aria-label', t('resources.devices.map.closePopup'));
    relayout(open.popup, opened.current !== open);
    opened.current = open;
  }, [open, openCluster, t]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refits only on a new filter or view, not on refreshed states
  useEffect(() => {
    if (!map) return;
    const bounds = boundsOf(places);
    // Zooming out stops about where the land drawn (and every marker) fills the map, or where every
    // circle is in view when that is further out (a map much wider than high).
    const limits = latLngBounds(REGION_BOUNDS.getSouthWest(), REGION_BOUNDS.getNorthEast()).extend(bounds);
    const fitted = map.getBoundsZoom(bounds, false, point(FIT.padding).multiplyBy(2));
    const minZoom = Math.max(3, Math.min(Math.floor(map.getBoundsZoom(limits, true)), fitted));
    // A minimum above the zoom of the moment is reached by an animated zoom, which would land after
    // the fit below and undo it: the map is there at once.
    if (map.getZoom() < minZoom) map.setZoom(minZoom, { animate: false });
    map.setMinZoom(minZoom);
    map.fitBounds(bounds, { ...FIT, animate: false });
  }, [map, fitKey]);

  // The location asked for from the lists (after the fit above, when both come with the map).
  const [request, setRequest] = useState<{ locationId: number } | null>(null);
  useEffect(() => {
    if (!map || showing === null) return;
    onShown();
    const place = places.find((p) => p.location.id === showing);
    if (!place) return;
    const show = () => {
      // The map was taken away meanwhile (another page).
      if (!map.getContainer().isConnected) return;
      const parted = zoomToPart(places, showing, map.getZoom(), MAX_ZOOM, project) ?? MAX_ZOOM;
      map.setView([place.latitude, place.longitude], Math.max(map.getZoom(), parted), { animate: false });
      setRequest({ locationId: showing });
    };
    // Leaflet ignores a view asked for while a zoom is animating (a zoom button or a group clicked a
    // moment before): the location is shown when that zoom ends. A zoom asked for in the same frame,
    // before its animation starts, is not seen here and still wins.
    if (map.getContainer().querySelector('.leaflet-zoom-anim')) map.once('zoomend', show);
    else show();
  }, [map, places, showing, onShown]);

  // The popup asked for from the lists opens once the zoom has given its location a circle.
  useEffect(() => {
    if (!request) return;
    const cluster = clusters.find((c) => c.places.some((p) => p.location.id === request.locationId));
    if (cluster) circles.current.get(cluster.key)?.marker.openPopup();
    setRequest(null);
  }, [clusters, request]);

  useImperativeHandle(handle, () => ({ fitAll: () => map?.fitBounds(boundsOf(places), FIT) }), [map, places]);

  return (
    <>
      <div ref={container} className={`${classes.map} ${mapClass}`} />
      {open && openCluster && createPortal(<PopupContent cluster={openCluster} wide={wide} />, open.node)}
    </>
  );
}
