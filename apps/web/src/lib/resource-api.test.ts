import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billsApi } from './apis/bills.ts';
import { companiesApi } from './apis/companies.ts';
import { deferredApi } from './resource-api.ts';

// The request needs a language; the dictionaries are the browser's.
vi.mock('./i18n.ts', () => ({ currentLanguage: () => 'en' }));

const page = { '@id': '/api/v2/bills', '@type': 'Collection', totalItems: 0, member: [], view: { '@id': '/api/v2/bills?page=1' } };

describe('a deferred API', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('has the keys of the API it loads, so a write to the resource makes its queries stale', () => {
    const deferred = deferredApi('bills', () => Promise.resolve(billsApi));
    const query = { status: 'unfiscalized', itemsPerPage: 10 };
    expect(deferred.list(query).queryKey).toEqual(billsApi.list(query).queryKey);
    expect(deferred.detail(7).queryKey).toEqual(billsApi.detail(7).queryKey);
  });

  it('imports the API at the first fetch, then fetches and checks the answer with its schema', async () => {
    const load = vi.fn(() => Promise.resolve(billsApi));
    const deferred = deferredApi('bills', load);
    const options = deferred.list({ status: 'unfiscalized' });
    expect(load).not.toHaveBeenCalled();
    const sent = vi.fn(async () => new Response(JSON.stringify(page), { headers: { 'Content-Type': 'application/ld+json' } }));
    vi.stubGlobal('fetch', sent);
    const answer = await new QueryClient().fetchQuery(options);
    expect(load).toHaveBeenCalledTimes(1);
    expect(String((sent.mock.calls[0] as unknown[])[0])).toContain('/bills?status=unfiscalized');
    expect(answer.member).toEqual([]);
    // An answer its schema refuses is a failure, as with the API itself.
    sent.mockImplementation(
      async () => new Response(JSON.stringify({ member: 'no' }), { headers: { 'Content-Type': 'application/ld+json' } }),
    );
    await expect(new QueryClient().fetchQuery(options)).rejects.toThrow();
  });

  it('refuses an API of another name than it was given (its keys would be wrong)', async () => {
    const deferred = deferredApi('bills', () => Promise.resolve(companiesApi as unknown as typeof billsApi));
    await expect(new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(deferred.detail(1))).rejects.toThrow(
      /deferred API "bills" loaded "companies"/,
    );
  });
});
