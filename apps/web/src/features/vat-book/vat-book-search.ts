import { businessDate } from '@kovanica/contract';
import { iriParam } from '../../lib/report-search.ts';

/**
 * `/vat-book/list?month=2026-11&company=/api/v2/companies/2`: the Zagreb month (this month when left
 * out) and, in the All Companies view, one company. Zod-free: a route's search parser is in the first
 * paint (decision 0016); anything malformed is dropped, so an old or hand-edited link still opens.
 */
export interface VatBookSearch {
  month?: string;
  company?: string;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function vatBookSearch(raw: Record<string, unknown>): VatBookSearch {
  const search: VatBookSearch = {};
  if (typeof raw.month === 'string' && MONTH.test(raw.month) && raw.month >= '1900-01' && raw.month <= '2999-12') search.month = raw.month;
  const company = iriParam('companies', raw.company);
  if (company) search.company = company;
  return search;
}

/** The month the book shows by default: the running one, in Zagreb. */
export const currentMonth = (today = businessDate()) => today.slice(0, 7);
