import type { MapTiles } from '@kovanica/contract';
import { useQuery } from '@tanstack/react-query';
import { settingsQuery } from '../../lib/settings-query.ts';

/**
 * The map tiles the server configures (`MAP_TILES_URL`, decision 0052), from the settings the layout
 * already reads: `undefined` until they are known, `null` when tiles are off (the outline alone).
 */
export function useMapTiles(): MapTiles | null | undefined {
  const { data, isError } = useQuery({ ...settingsQuery(), select: (settings) => settings.mapTiles ?? null });
  return isError ? null : data;
}
