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
});
export type Settings = z.infer<typeof settingsItem>;

export const settingsPatch = z.strictObject({
  updateBannerEnabled: z.boolean().optional(),
  updateBannerText: z.string().trim().max(500).nullable().optional(),
});
export type SettingsPatch = z.infer<typeof settingsPatch>;
