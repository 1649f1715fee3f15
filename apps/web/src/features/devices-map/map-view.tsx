import 'leaflet/dist/leaflet.css';
import { Divider, Stack, useMantineTheme } from '@mantine/core';
import type { FeatureCollection } from 'geojson';
import { type CircleMarker as LeafletCircleMarker, latLngBounds, type PathOptions } from 'leaflet';
import { Fragment, type Ref, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AttributionControl,
  CircleMarker,
  GeoJSON,
  MapContainer,
  Pane,
  Popup,
  Tooltip,
  useMap,
  useMapEvents,
  ZoomControl,
} from 'react-leaflet';
import { type Cluster, clusterPlaces, type Project, radiusFor, zoomToPart } from './clusters.ts';
import classes from './devices-map.module.css';
import type { Place } from './map-state.ts';
import { PlaceDevices } from './place-devices.tsx';
import regionText from './region.geojson?raw';
import { countText, themeColour } from './state-colours.ts';

/**
 * The bundled base layer: Croatia and its neighbours (tools/region-outline.ts), so the map reads without
 * tiles. The box must match `REGION` there; Croatia (ISO 3166 191) is drawn a shade apart.
 */
const region = JSON.parse(regionText) as FeatureCollection;
const REGION_BOUNDS = latLngBounds([41.5, 12.0], [47.6, 21.0]);
const CROATIA = latLngBounds([42.39, 13.49], [46.55, 19.45]);
const HOME_COUNTRY = '191';
const MAX_ZOOM = 18;
const FIT = { padding: [32, 32] as [number, number], maxZoom: 14 };

const landStyle = (feature?: { id?: string | number }): PathOptions => ({
  className: feature?.id === HOME_COUNTRY ? classes.home : classes.land,
  weight: feature?.id === HOME_COUNTRY ? 1.5 : 1,
});

export interface MapHandle {
  /** Centres the map on a location, zooming in until it has a circle of its own, and opens its popup. */
  show: (locationId: number) => void;
  /** Fits the map to the markers shown. */
  fitAll: () => void;
}

interface MapViewProps {
  places: Place[];
  /** The map fits its markers again when this changes (filter, view), not when the states refresh. */
  fitKey: string;
  wide: boolean;
  handle: Ref<MapHandle>;
}

const boundsOf = (places: readonly Place[]) =>
  places.length > 0 ? latLngBounds(places.map((p) => [p.latitude, p.longitude] as [number, number])) : CROATIA;

const sameSpot = (places: readonly Place[]) =>
  places.every((p) => p.latitude === places[0]?.latitude && p.longitude === places[0]?.longitude);

/** Names the map for assistive technology. */
function MapLabel() {
  const map = useMap();
  const { t } = useTranslation();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', t('resources.devices.map.mapLabel'));
  }, [map, t]);
  return null;
}

/** One circle: a location, or locations too close to tell apart at this zoom. */
function ClusterMarker({
  cluster,
  wide,
  canZoom,
  onRef,
}: {
  cluster: Cluster;
  wide: boolean;
  canZoom: boolean;
  onRef: (key: string, marker: LeafletCircleMarker | null) => void;
}) {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const map = useMap();
  const marker = useRef<LeafletCircleMarker | null>(null);
  const single = cluster.places.length === 1;
  const colour = themeColour(theme, cluster.state);
  const pathOptions = useMemo<PathOptions>(
    () =>
      single
        ? { color: '#fff', weight: 2, opacity: 1, fillColor: colour, fillOpacity: 1 }
        : { color: colour, weight: 8, opacity: 0.35, fillColor: colour, fillOpacity: 1 },
    [single, colour],
  );
  const summary = t('resources.devices.map.placeSummary', {
    count: cluster.count,
    state: t(`resources.devices.map.states.${cluster.state}`),
  });
  const label = single
    ? t('resources.devices.map.markerLabel', { location: cluster.places[0]?.location.name, summary })
    : t('resources.devices.map.clusterLabel', { count: cluster.places.length, summary });
  // A spread group zooms in on a click; a group that no zoom parts lists every location in its popup.
  const zooms = !single && canZoom && !sameSpot(cluster.places);

  // The circle is an SVG path: named for screen readers, its state readable by tests and tools.
  useEffect(() => {
    const element = marker.current?.getElement();
    element?.setAttribute('role', 'img');
    element?.setAttribute('aria-label', label);
    element?.setAttribute('data-state', cluster.state);
  }, [label, cluster.state]);

  return (
    <CircleMarker
      center={[cluster.latitude, cluster.longitude]}
      radius={radiusFor(cluster.count)}
      pathOptions={pathOptions}
      ref={(m) => {
        marker.current = m;
        onRef(cluster.key, m);
      }}
      eventHandlers={{
        click: () => {
          if (zooms) map.fitBounds(boundsOf(cluster.places), { padding: [48, 48], maxZoom: MAX_ZOOM });
        },
        popupopen: (event) => {
          // Leaflet names its close button in English.
          event.popup
            .getElement()
            ?.querySelector('.leaflet-popup-close-button')
            ?.setAttribute('aria-label', t('resources.devices.map.closePopup'));
        },
      }}
    >
      <Tooltip
        permanent
        direction="center"
        className={`${classes.count} ${countText(cluster.state) === 'dark' ? classes.countDark : classes.countLight}`}
      >
        {cluster.count}
      </Tooltip>
      {!zooms && (
        <Popup minWidth={220} maxWidth={320} autoPanPadding={[24, 24]}>
          <Stack gap="sm">
            {cluster.places.map((place, i) => (
              <Fragment key={place.location.id}>
                {i > 0 && <Divider />}
                <PlaceDevices place={place} wide={wide} heading />
              </Fragment>
            ))}
          </Stack>
        </Popup>
      )}
    </CircleMarker>
  );
}

/** The circles, grouped anew at each zoom; fits them when the map opens and when the filter or view changes. */
function Markers({ places, fitKey, wide, handle }: MapViewProps) {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const project = useCallback<Project>((lat, lng, z) => map.project([lat, lng], z), [map]);
  // Worst last, so a critical circle is drawn over an ok one it touches.
  const clusters = useMemo(() => clusterPlaces(places, zoom, project).reverse(), [places, zoom, project]);
  const markers = useRef(new Map<string, LeafletCircleMarker>());
  const onRef = useCallback((key: string, marker: LeafletCircleMarker | null) => {
    if (marker) markers.current.set(key, marker);
    else markers.current.delete(key);
  }, []);
  const [request, setRequest] = useState<{ locationId: number } | null>(null);

  const placesRef = useRef(places);
  placesRef.current = places;
  // biome-ignore lint/correctness/useExhaustiveDependencies: refits only on a new filter or view, not on refreshed states
  useEffect(() => {
    const bounds = boundsOf(placesRef.current);
    // Zooming out stops about where the land drawn (and every marker) fills the map.
    const limits = latLngBounds(REGION_BOUNDS.getSouthWest(), REGION_BOUNDS.getNorthEast()).extend(bounds);
    map.setMinZoom(Math.max(3, Math.floor(map.getBoundsZoom(limits, true))));
    map.fitBounds(bounds, { ...FIT, animate: false });
  }, [map, fitKey]);

  // The popup asked for from the lists opens once the zoom has given its location a circle.
  useEffect(() => {
    if (!request) return;
    const cluster = clusters.find((c) => c.places.some((p) => p.location.id === request.locationId));
    if (cluster) markers.current.get(cluster.key)?.openPopup();
    setRequest(null);
  }, [clusters, request]);

  useImperativeHandle(
    handle,
    () => ({
      show: (locationId) => {
        const place = places.find((p) => p.location.id === locationId);
        if (!place) return;
        const parted = zoomToPart(places, locationId, map.getZoom(), MAX_ZOOM, project) ?? MAX_ZOOM;
        map.setView([place.latitude, place.longitude], Math.max(map.getZoom(), parted), { animate: false });
        setRequest({ locationId });
      },
      fitAll: () => map.fitBounds(boundsOf(places), FIT),
    }),
    [map, places, project],
  );

  const canZoom = zoom < MAX_ZOOM;
  return clusters.map((cluster) => <ClusterMarker key={cluster.key} cluster={cluster} wide={wide} canZoom={canZoom} onRef={onRef} />);
}

/** The Leaflet map: the bundled outline, one circle per location coloured by its worst device state. */
export default function MapView(props: MapViewProps) {
  const { t } = useTranslation();
  return (
    <MapContainer
      bounds={CROATIA}
      className={classes.map}
      zoomControl={false}
      attributionControl={false}
      zoomSnap={0.5}
      maxZoom={MAX_ZOOM}
      // Leaflet's own keyboard support: arrows pan, +/- zoom, Escape closes a popup.
      keyboard
    >
      <MapLabel />
      <ZoomControl position="topleft" zoomInTitle={t('resources.devices.map.zoomIn')} zoomOutTitle={t('resources.devices.map.zoomOut')} />
      <AttributionControl position="bottomright" prefix={false} />
      <Pane name="land" style={{ zIndex: 250 }}>
        <GeoJSON data={region} style={landStyle} interactive={false} attribution="Natural Earth" />
      </Pane>
      <Markers {...props} />
    </MapContainer>
  );
}
