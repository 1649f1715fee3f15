import { Skeleton, VisuallyHidden } from '@mantine/core';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './map.module.css';
import { ordered, type RouteMapProps, type RouteStop } from './route-points.ts';
import { useMapTiles } from './use-map-tiles.ts';

/** Leaflet, the outline and the drawing load with the first route map, in a chunk of their own. */
const RouteMapView = lazy(() => import('./route-map-view.tsx'));

export type { RouteMapProps, RoutePoint, RouteStop } from './route-points.ts';

/**
 * A route on the map: the start, the stops numbered in order, the line from the start through them,
 * done stops grey, fitted to the route; over the configured tiles or the bundled outline. For screen
 * readers the stops are also an ordered list (the map region names itself and each marker).
 */
export function RouteMap({ start, stops, onStopClick, height = '20rem' }: RouteMapProps) {
  const { t } = useTranslation();
  const tiles = useMapTiles();
  const sorted = useMemo(() => ordered(stops), [stops]);
  return (
    <div className={classes.frame} data-testid="route-map">
      <Suspense fallback={<Skeleton height={height} radius={0} />}>
        <RouteMapView start={start} stops={sorted} onStopClick={onStopClick} height={height} tiles={tiles ?? null} />
      </Suspense>
      <VisuallyHidden>
        <ol aria-label={t('map.route.listLabel')}>
          {sorted.map((stop) => (
            <li key={stop.id}>{stopText(t, stop)}</li>
          ))}
        </ol>
      </VisuallyHidden>
    </div>
  );
}

/** A stop in words: its number, name, whether it is done and whether it is on the map. */
function stopText(t: TFunction, stop: RouteStop): string {
  const base = t(stop.done ? 'map.route.stopDone' : 'map.route.stop', { position: stop.position, label: stop.label });
  return stop.point ? base : `${base} ${t('map.route.noPoint')}`;
}
