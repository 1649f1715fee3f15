import type { Settings, SettingsPatch } from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';

type Layout = Pick<Settings, 'updateBannerEnabled' | 'updateBannerText'>;
const KEY = 'layout';
const defaults: Layout = { updateBannerEnabled: true, updateBannerText: null };

const toSettings = (layout: Layout): Settings => ({ '@id': '/api/v2/settings', '@type': 'Settings', ...layout });

export function settingsService(db: Db) {
  const read = async (): Promise<Layout> => {
    const [row] = await db.select().from(settings).where(eq(settings.key, KEY));
    return { ...defaults, ...(row?.value as Partial<Layout> | undefined) };
  };
  return {
    get: async () => toSettings(await read()),
    async update(patch: SettingsPatch) {
      const next = { ...(await read()), ...patch };
      await db
        .insert(settings)
        .values({ key: KEY, value: next })
        .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: new Date() } });
      return toSettings(next);
    },
  };
}
