import { type Alarm, type AlarmStatus, alarmAcknowledgementAnswer, alarmFieldsDescription } from '@kovanica/contract';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../components/failure-alert.tsx';
import { apiRequest, type Query } from '../../lib/api.ts';
import { alarmSummaryQuery, alarmsApi } from '../../lib/apis/alarms.ts';
import { devicesApi } from '../../lib/apis/devices.ts';
import { locationsApi } from '../../lib/apis/locations.ts';
import { useInvalidate } from '../../lib/resource-hooks.ts';
import type { View } from '../../lib/view.ts';

/** Alarms, raised and resolved by the server's sweep; the lists pick their devices and locations. */
export { alarmSummaryQuery, alarmsApi, devicesApi, locationsApi };

/** The statuses of an alarm whose condition lasts: the open list's, and its status filter's choices. */
export const OPEN_ALARM_STATUSES: readonly AlarmStatus[] = ['open', 'acknowledged'];

/** Whether a list query names its own order (a sorted column) rather than the page's. */
const ordered = (query: Query) => Object.keys(query).some((key) => key.startsWith('order['));

/**
 * The open list's source: the alarms whose condition lasts (open or acknowledged, or the one of them
 * the status filter picks), in the API's own order, the dearest first. A link that asks for resolved
 * ones here still gets the open ones: those are the history's.
 */
export const openAlarmsSource = {
  name: alarmsApi.name,
  keys: alarmsApi.keys,
  list: (query: Query = {}, view?: View) =>
    alarmsApi.list(OPEN_ALARM_STATUSES.includes(query.status as AlarmStatus) ? query : { ...query, status: OPEN_ALARM_STATUSES }, view),
};

/** The history's source: the resolved alarms, the last resolved first unless a column is sorted. */
export const resolvedAlarmsSource = {
  name: alarmsApi.name,
  keys: alarmsApi.keys,
  list: (query: Query = {}, view?: View) =>
    alarmsApi.list({ ...query, status: 'resolved', ...(ordered(query) ? {} : { 'order[resolvedAt]': 'desc' }) }, view),
};

/** How an alarm is named in labels and messages: "Critical device: Autić 2". */
export const alarmLabel = (alarm: Alarm, t: TFunction) => {
  const kind = t(`resources.${alarmFieldsDescription.resource}.kinds.${alarm.kind}`);
  const subject = alarm.deviceName ?? alarm.lessorName;
  return subject ? `${kind}: ${subject}` : kind;
};

/**
 * Acknowledges alarms, all or none ("I am on it": docs/rules.md "Alarms"), says how many it took, and
 * refreshes the alarms. One already acknowledged (by someone else meanwhile) or resolved stays as it
 * is: the answer counts only those this call took.
 */
export function useAcknowledgeAlarms() {
  const { t } = useTranslation();
  const invalidate = useInvalidate(alarmsApi);
  return useMutation({
    mutationFn: (alarms: readonly Alarm[]) =>
      apiRequest('/alarms/acknowledge', {
        method: 'POST',
        body: { alarms: alarms.map((a) => a['@id']) },
        schema: alarmAcknowledgementAnswer,
      }),
    onSuccess: ({ acknowledged }) =>
      notifications.show({
        color: 'teal',
        message: acknowledged > 0 ? t('resources.alarms.acknowledged', { count: acknowledged }) : t('resources.alarms.acknowledgedNone'),
      }),
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: t('resources.alarms.acknowledgeFailed'),
        message: failureText(error, t('errors.genericText')),
      }),
    onSettled: () => invalidate(),
  });
}
