import {
  type Planogram,
  type PlanogramUpdate,
  PRODUCT_SALES_MAX_DAYS,
  type ProductSalesQuery,
  planogram,
  productSalesReport,
} from '@kovanica/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { articlesApi } from '../../lib/apis/articles.ts';
import { devicesApi } from '../../lib/apis/devices.ts';
import { daysInRange } from '../../lib/day.ts';
import { iriParam, reportRangeOf } from '../../lib/report-search.ts';
import type { View } from '../../lib/view.ts';

/** The articles a selection is picked among, and the devices the report is narrowed to. */
export { articlesApi, devicesApi };

/** A device's planogram, keyed under the devices: a device's change refreshes it. */
export const planogramQuery = (deviceId: number) =>
  queryOptions({
    queryKey: [devicesApi.name, 'planogram', deviceId] as const,
    queryFn: ({ signal }) => apiRequest(`/devices/${deviceId}/planogram`, { schema: planogram, signal }),
  });

/** Replaces the device's planogram (sent as a merge-patch: the list replaces the one there was). */
export const savePlanogram = (deviceId: number, body: PlanogramUpdate): Promise<Planogram> =>
  apiRequest(`/devices/${deviceId}/planogram`, { method: 'PATCH', body, schema: planogram });

/** The product sales report (`GET /reports/product-sales`), keyed under the devices' audits. */
export const productSalesQuery = (query: ProductSalesQuery, view: View) =>
  queryOptions({
    queryKey: ['machine-audits', 'product-sales', query, view] as const,
    queryFn: ({ signal }) => apiRequest('/reports/product-sales', { query, schema: productSalesReport, signal }),
  });

/** The report's search params (`?from=2026-10-01&to=2026-10-31&device=/api/v2/devices/3`), zod-free. */
export interface ProductSalesSearch {
  from?: string;
  to?: string;
  device?: string;
  company?: string;
}

export function productSalesSearch(raw: Record<string, unknown>): ProductSalesSearch {
  const search: ProductSalesSearch = { ...reportRangeOf(raw) };
  const device = iriParam('devices', raw.device);
  if (device) search.device = device;
  const company = iriParam('companies', raw.company);
  if (company) search.company = company;
  return search;
}

/** The longest range the API takes, exceeded (its 422), or null. */
export const productSalesRangeError = (from: string, to: string) =>
  to >= from && daysInRange(from, to) > PRODUCT_SALES_MAX_DAYS ? PRODUCT_SALES_MAX_DAYS : null;
