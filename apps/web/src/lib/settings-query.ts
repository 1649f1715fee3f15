import { settingsItem } from '@kovanica/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api.ts';
import { settingsKeys } from './settings.ts';

/** The platform's settings: read by the layout (the update banner), sign-in and the settings screen. */
export const settingsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.detail,
    queryFn: ({ signal }) => apiRequest('/settings', { schema: settingsItem, signal }),
  });
