import { settingsItem } from '@kovanica/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api.ts';

/** Settings are one record for the whole platform, so its detail id is fixed. */
export const settingsKeys = {
  all: ['settings'] as const,
  detail: ['settings', 'detail', 'current'] as const,
};

/** The platform's settings: read by the layout (the update banner), sign-in and the settings screen. */
export const settingsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.detail,
    queryFn: ({ signal }) => apiRequest('/settings', { schema: settingsItem, signal }),
  });
