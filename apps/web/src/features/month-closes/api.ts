import { type MonthClose, monthCloseItem, monthCloses, parseIri } from '@kovanica/contract';
import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../lib/api.ts';
import { revenueKeys } from '../../lib/resources.ts';
import type { View } from '../../lib/view.ts';

/** Every query of the months, whatever the company and view: a close or a reopening refreshes them all. */
export const monthClosesKey = ['month-closes'] as const;

/**
 * A company's months, newest first (`GET /month-closes`): `company` in the All Companies view (the
 * server answers 400 there without it), else the user's own. The view is part of the key.
 */
export const monthClosesQuery = (company: string | undefined, view: View) =>
  queryOptions({
    queryKey: [...monthClosesKey, 'list', { company: company ?? null }, view] as const,
    queryFn: ({ signal }) => apiRequest('/month-closes', { query: company ? { company } : {}, schema: monthCloses, signal }),
    // What waits in a month changes on other screens (a deposit verified, a bill fiscalized, a held batch
    // decided) and by other users: the screen reads the list afresh whenever it opens.
    staleTime: 0,
  });

/**
 * What a close or reopening changes: the months, and the money reports (a reopened month's rent is read
 * with today's terms again; the VAT book and statements sit under the revenue and bills keys' readers).
 */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: monthClosesKey }),
      queryClient.invalidateQueries({ queryKey: revenueKeys.all }),
    ]);
}

/** Closes a past month (`POST /month-closes`); a refusal is a 409 problem (`month_waiting`, `month_order`…). */
export function useCloseMonth() {
  const { t } = useTranslation();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ month, company }: { month: string; company?: string }) =>
      apiRequest('/month-closes', { method: 'POST', body: { month, ...(company ? { company } : {}) }, schema: monthCloseItem }),
    onSuccess: () => notifications.show({ color: 'teal', message: t('monthClose.closed') }),
    // Refused or not, the list is read again: a refusal means it no longer shows what the server has.
    onSettled: () => refresh(),
  });
}

/** Reopens the last closed month (`POST /month-closes/{id}/reopen`) with a reason of 10 to 500 characters. */
export function useReopenMonth() {
  const { t } = useTranslation();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ month, reason }: { month: MonthClose; reason: string }) => {
      const id = month['@id'] ? parseIri('month-closes', month['@id']) : null;
      if (id === null) throw new Error(`[kovanica-web] month ${month.month} is not closed`);
      return apiRequest(`/month-closes/${id}/reopen`, { method: 'POST', body: { reason }, schema: monthCloseItem });
    },
    onSuccess: () => notifications.show({ color: 'teal', message: t('monthClose.reopened') }),
    onSettled: () => refresh(),
  });
}
