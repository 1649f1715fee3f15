import { settingsItem } from '@kovanica/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api.ts';
import { settingsKeys } from './settings.ts';
import { readStoredJson, writeStored } from './storage.ts';

/**
 * The update banner as the browser last read it, kept whenever the settings are read (the sign-in page
 * reads them too), so the app's first page shows the banner at once instead of pushing the page down
 * when `GET /settings` answers (no layout shift, decision 0016).
 */
const BANNER_KEY = 'updateBanner';
export type BannerSeen = { enabled: boolean; text: string | null };

export function lastSeenBanner(): BannerSeen | null {
  const stored = readStoredJson(BANNER_KEY) as Partial<BannerSeen> | null;
  return stored && typeof stored.enabled === 'boolean'
    ? { enabled: stored.enabled, text: typeof stored.text === 'string' ? stored.text : null }
    : null;
}

/** The platform's settings: read by the layout (the update banner), sign-in and the settings screen. */
export const settingsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.detail,
    queryFn: async ({ signal }) => {
      const settings = await apiRequest('/settings', { schema: settingsItem, signal });
      writeStored(BANNER_KEY, JSON.stringify({ enabled: settings.updateBannerEnabled, text: settings.updateBannerText }));
      return settings;
    },
  });
