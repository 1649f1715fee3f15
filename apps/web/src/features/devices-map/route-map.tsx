/**
 * The route map lives in `components/map/route-map.tsx`, so every feature can use it (a feature never
 * imports another: import it from there). Re-exported here for the devices map's own use.
 */
export { RouteMap, type RouteMapProps, type RoutePoint, type RouteStop } from '../../components/map/route-map.tsx';
