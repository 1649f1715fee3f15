import { z } from 'zod';

/**
 * Platform settings read by the layout before each navigation; admins change them. The update banner
 * (docs/rules.md "Layout") shows its default text in the user's language until an admin sets a text of their
 * own; switching it off hides it.
 */
export const settingsItem = z.object({
  '@id': z.string(),
  '@type': z.literal('Settings'),
  updateBannerEnabled: z.boolean(),
  updateBannerText: z.string().nullable(),
  /**
   * The map tiles under the maps (the server's `MAP_TILES_URL` and `MAP_TILES_ATTRIBUTION`, decision
   * 0060): a `{z}/{x}/{y}` URL template, its attribution (HTML, as Leaflet shows it) and the deepest zoom
   * it serves. Null: no tiles, the maps show their bundled outline only. Not an admin setting.
   */
  mapTiles: z
    .object({
      url: z.string(),
      attribution: z.string(),
      maxZoom: z.number().int().min(1).max(22),
    })
    .nullable(),
});
export type MapTiles = NonNullable<z.infer<typeof settingsItem>['mapTiles']>;
export type Settings = z.infer<typeof settingsItem>;

export const settingsPatch = z.strictObject({
  updateBannerEnabled: z.boolean().optional(),
  updateBannerText: z.string().trim().max(500).nullable().optional(),
});
export type SettingsPatch = z.infer<typeof settingsPatch>;
