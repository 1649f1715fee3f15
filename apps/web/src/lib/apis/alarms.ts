import { alarmSummary, alarmsResource } from '@kovanica/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api.ts';
import { resourceApi } from '../resource-api.ts';
import type { View } from '../view.ts';

export const alarmsApi = /* @__PURE__ */ resourceApi(alarmsResource);

/**
 * The view's open alarms at a glance (`GET /alarms/summary`): how many wait, how many are taken, what
 * they cost an hour in all. Under the alarms' key: whatever refreshes the alarms refreshes it.
 */
export const alarmSummaryQuery = (view: View) =>
  queryOptions({
    queryKey: [alarmsApi.name, 'summary', view] as const,
    queryFn: ({ signal }) => apiRequest('/alarms/summary', { schema: alarmSummary, signal, view }),
  });
