import {
  type CityCreate,
  type CityPatch,
  type CompanyCreate,
  type CompanyPatch,
  cityItem,
  companyItem,
  type DepositPatch,
  type DepositStatus,
  type DeviceCreate,
  type DevicePatch,
  depositItem,
  deviceItem,
  type LessorCreate,
  type LessorPatch,
  type LocationCreate,
  type LocationPatch,
  type LoggerCreate,
  type LoggerPatch,
  lessorItem,
  locationItem,
  loggerItem,
  type RevenueQuery,
  type TagCreate,
  type TagPatch,
  tagItem,
  type UserCreate,
  type UserPatch,
  userItem,
} from '@kovanica/contract';
import { resourceApi } from './resource-api.ts';
import type { View } from './view.ts';

/** Resources read by more than one feature (the layout, the dashboard and the profile). */
export const companiesApi = resourceApi<typeof companyItem, CompanyPatch, CompanyCreate>('companies', companyItem);
export const usersApi = resourceApi<typeof userItem, UserPatch, UserCreate>('users', userItem);

/**
 * Master data that other screens pick from (reference selects) or show (tag badges, a location's
 * lessor terms); each feature of these adds its own writes on top.
 */
export const citiesApi = resourceApi<typeof cityItem, CityPatch, CityCreate>('cities', cityItem);
export const lessorsApi = resourceApi<typeof lessorItem, LessorPatch, LessorCreate>('lessors', lessorItem);
export const locationsApi = resourceApi<typeof locationItem, LocationPatch, LocationCreate>('locations', locationItem);
export const tagsApi = resourceApi<typeof tagItem, TagPatch, TagCreate>('tags', tagItem);

/** Loggers are picked on the device form; devices are picked and shown by the telemetry screens. */
export const loggersApi = resourceApi<typeof loggerItem, LoggerPatch, LoggerCreate>('loggers', loggerItem);
export const devicesApi = resourceApi<typeof deviceItem, DevicePatch, DeviceCreate>('devices', deviceItem);

/** Deposits are listed by their screen and, the unverified ones, by the header's notifications. */
export const depositsApi = resourceApi<typeof depositItem, DepositPatch>('deposits', depositItem);

/** "Unverified": not counted yet, or counted and waiting for a manager or accountant (`?status=…&status=…`). */
export const UNVERIFIED_DEPOSIT_STATUSES: readonly DepositStatus[] = ['awaiting_count', 'pending_verification'];

/**
 * Revenue figures (the revenue reports, the companies daily revenue) sit under one key, so whatever
 * refreshes revenue refreshes them all. The figures differ between My Company and All Companies, so
 * the view is part of each key.
 */
export const revenueKeys = {
  all: ['revenue'] as const,
  report: (query: RevenueQuery, view: View) => ['revenue', 'report', query, view] as const,
};
