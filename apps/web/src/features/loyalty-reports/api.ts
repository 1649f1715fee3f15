import {
  type LoyaltyCardReportQuery,
  type LoyaltyGeneralQuery,
  type LoyaltyHolderReportQuery,
  type LoyaltyOwnerQuery,
  loyaltyCardReport,
  loyaltyGeneralReport,
  loyaltyHolderReport,
  loyaltyOwnerReport,
} from '@kovanica/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import type { View } from '../../lib/view.ts';

/** The loyalty reports (`GET /loyalty-reports/…`); the figures differ between My Company and All Companies, so the view is in each key. */
export const loyaltyReportKeys = { all: ['loyalty-reports'] as const };
const key = (name: string, query: object, view: View) => [...loyaltyReportKeys.all, name, query, view] as const;

export const generalReportQuery = (query: LoyaltyGeneralQuery, view: View) =>
  queryOptions({
    queryKey: key('general', query, view),
    queryFn: ({ signal }) => apiRequest('/loyalty-reports/general', { query, schema: loyaltyGeneralReport, signal }),
  });

export const ownerReportQuery = (query: LoyaltyOwnerQuery, view: View) =>
  queryOptions({
    queryKey: key('owners', query, view),
    queryFn: ({ signal }) => apiRequest('/loyalty-reports/owners', { query, schema: loyaltyOwnerReport, signal }),
  });

export const cardReportQuery = (query: LoyaltyCardReportQuery, view: View) =>
  queryOptions({
    queryKey: key('cards', query, view),
    queryFn: ({ signal }) => apiRequest('/loyalty-reports/cards', { query, schema: loyaltyCardReport, signal }),
  });

export const holderReportQuery = (query: LoyaltyHolderReportQuery, view: View) =>
  queryOptions({
    queryKey: key('holders', query, view),
    queryFn: ({ signal }) => apiRequest('/loyalty-reports/holders', { query, schema: loyaltyHolderReport, signal }),
  });
