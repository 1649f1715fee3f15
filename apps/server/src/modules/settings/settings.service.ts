import type { MapTiles, Settings, SettingsPatch } from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';
import { recordChange } from '../audit-log/audit-log.service.ts';

type Layout = Pick<Settings, 'updateBannerEnabled' | 'updateBannerText'>;
const KEY = 'layout';
/** The audit trail's record number of the platform's settings (one record, of no company). */
export const SETTINGS_RECORD_ID = 1;
const defaults: Layout = { updateBannerEnabled: true, updateBannerText: null };

/** `mapTiles` is the server's configuration (`MAP_TILES_URL`, decision 0052), not stored: admins do not change it here. */
export function settingsService(db: Db, mapTiles: MapTiles | null = null) {
  const toSettings = (layout: Layout): Settings => ({ '@id': '/api/v2/settings', '@type': 'Settings', ...layout, mapTiles });
  const read = async (): Promise<Layout> => {
    const [row] = await db.select().from(settings).where(eq(settings.key, KEY));
    return { ...defaults, ...(row?.value as Partial<Layout> | undefined) };
  };
  return {
    get: async () => toSettings(await read()),
    /** Saves the banner and records the change in the audit trail, in one transaction. */
    async update(ctx: Pick<RequestContext, 'actor' | 'ip'>, patch: SettingsPatch) {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(settings).where(eq(settings.key, KEY)).for('update');
        const before: Layout = { ...defaults, ...(row?.value as Partial<Layout> | undefined) };
        const next = { ...before, ...patch };
        await tx
          .insert(settings)
          .values({ key: KEY, value: next })
          .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: new Date() } });
        await recordChange(tx, ctx, {
          resource: 'settings',
          recordId: SETTINGS_RECORD_ID,
          companyId: null,
          action: 'update',
          before,
          after: next,
        });
        return toSettings(next);
      });
    },
  };
}
