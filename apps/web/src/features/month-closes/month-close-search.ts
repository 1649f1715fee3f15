import { iriParam } from '../../lib/report-search.ts';

/**
 * `/month-close/list?company=/api/v2/companies/2`: in the All Companies view, the company whose months
 * are shown (the user's own when left out). Zod-free: a route's search parser is in the first paint
 * (decision 0016); a malformed company is dropped, so an old or hand-edited link still opens.
 */
export interface MonthCloseSearch {
  company?: string;
}

export function monthCloseSearch(raw: Record<string, unknown>): MonthCloseSearch {
  const company = iriParam('companies', raw.company);
  return company ? { company } : {};
}
