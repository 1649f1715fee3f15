import { type MapTiles, problemSchema, settingsItem, settingsPatch } from '@kovanica/contract';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import { settingsService } from './settings.service.ts';

/** `mapTiles`: the server's map tiles (decision 0052), read with the settings by every signed-in user. */
export function settingsRoutes(app: Api, { db, versions }: Deps, mapTiles: MapTiles | null = null) {
  const service = settingsService(db, mapTiles);
  const tags = ['settings'];

  app.get('/api/v2/settings', {
    config: { permission: 'settings.read' },
    schema: {
      tags,
      summary: 'Layout configuration (update banner) and the map tiles the server configures.',
      response: { 200: settingsItem, 401: problemSchema },
    },
    handler: () => service.get(),
  });

  app.patch('/api/v2/settings', {
    config: { permission: 'settings.update' },
    schema: {
      tags,
      summary: 'Change the layout configuration (update banner); admins only.',
      body: settingsPatch,
      response: { 200: settingsItem, 400: problemSchema, 403: problemSchema, 415: problemSchema, 422: problemSchema },
    },
    handler: async (request) => {
      const saved = await service.update(contextOf(request), request.body);
      // Not a resource of the kit: the trail's cached pages are bumped here.
      versions.bump('audit-log');
      return saved;
    },
  });
}
