import { dehydrate, hydrate, MutationObserver, onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { persistedQuery } from './offline.ts';
import {
  DEPOSIT_COUNT_KEY,
  type DepositCountVariables,
  failureOf,
  hasQueuedActions,
  isConflict,
  isQueuedAction,
  registerOfflineActions,
  resumeOfflineActions,
  STOP_DONE_KEY,
  type StopDoneVariables,
} from './offline-actions.ts';

vi.mock('./i18n.ts', () => ({ currentLanguage: () => 'en' }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status < 300 ? 'application/json' : 'application/problem+json' },
  });

const action: StopDoneVariables = {
  visit: 7,
  stop: 3,
  key: '0b6d3f4e-1111-4c5d-9e8f-123456789abc',
  body: { count: { depositCoinsCents: 1250, depositTokens: 3, note: 'Basement' } },
};

function client() {
  const queryClient = new QueryClient();
  // As the provider does: the client follows the connection (sends what waited when it returns).
  queryClient.mount();
  registerOfflineActions(queryClient);
  return queryClient;
}

/** The worker's tap: a mutation with the action's key, as `useStopDone` makes it. */
function tap(queryClient: QueryClient, variables: StopDoneVariables) {
  return new MutationObserver<unknown, Error, StopDoneVariables>(queryClient, { mutationKey: STOP_DONE_KEY })
    .mutate(variables)
    .catch((error: unknown) => error);
}

/** The persisted cache as the persister writes it (JSON) and reads it back. */
const roundTrip = (queryClient: QueryClient) =>
  JSON.parse(JSON.stringify(dehydrate(queryClient, { shouldDehydrateMutation: isQueuedAction }))) as ReturnType<typeof dehydrate>;

const sentKeys = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.map(([, init]) => new Headers((init as RequestInit).headers).get('Idempotency-Key'));

describe('the offline queue', () => {
  beforeEach(() => onlineManager.setOnline(true));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    onlineManager.setOnline(true);
  });

  it('keeps an action made offline across a reload and sends it once, with the key made at the tap', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => json(200, { deposit: '/api/v2/deposits/41' }));
    vi.stubGlobal('fetch', fetch);
    onlineManager.setOnline(false);
    const before = client();
    void tap(before, action);
    await Promise.resolve();
    expect(fetch).not.toHaveBeenCalled();
    const [queued] = before.getMutationCache().getAll();
    expect(queued?.state).toMatchObject({ status: 'pending', isPaused: true });

    // The page reloads: a new client, the persisted cache restored into it, still offline.
    const persisted = roundTrip(before);
    expect(persisted.mutations).toHaveLength(1);
    before.unmount();
    const after = client();
    hydrate(after, persisted);
    await resumeOfflineActions(after);
    expect(fetch).not.toHaveBeenCalled();
    expect(hasQueuedActions(after)).toBe(true);

    // The connection returns: sent once, the same key, the count with it.
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(after.getMutationCache().getAll()[0]?.state.status).toBe('success'));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v2/visits/7/stops/3/done');
    expect(sentKeys(fetch)).toEqual([action.key]);
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1].body))).toEqual(action.body);
    expect(hasQueuedActions(after)).toBe(false);
    expect(roundTrip(after).mutations).toHaveLength(0);
  });

  it('sends one that was on its way when the page closed again, with the same key', async () => {
    const fetch = vi.fn(async () => json(200, { deposit: null }));
    vi.stubGlobal('fetch', fetch);
    const persisted = roundTrip(client());
    persisted.mutations.push({
      mutationKey: [...STOP_DONE_KEY],
      state: {
        context: undefined,
        data: undefined,
        error: null,
        failureCount: 0,
        failureReason: null,
        isPaused: false,
        status: 'pending',
        variables: action,
        submittedAt: Date.now(),
      },
    });
    const after = client();
    hydrate(after, persisted);
    await resumeOfflineActions(after);
    expect(sentKeys(fetch)).toEqual([action.key]);
  });

  it('tries again after a server error or no answer, always with the same key', async () => {
    // A failure's problem is read with the schemas' module: loaded before the clock is faked.
    await import('./api-schemas.ts');
    vi.useFakeTimers();
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json(503, { title: 'Service Unavailable' }))
      .mockResolvedValue(json(200, { deposit: '/api/v2/deposits/41' }));
    vi.stubGlobal('fetch', fetch);
    const queryClient = client();
    void tap(queryClient, action);
    // 2 s, then 4 s (the delay doubles).
    const state = () => queryClient.getMutationCache().getAll()[0]?.state;
    for (let waited = 0; waited < 60_000 && state()?.status !== 'success'; waited += 500) await vi.advanceTimersByTimeAsync(500);
    await vi.waitFor(() => expect(state()?.status).toBe('success'));
    expect(state()?.failureCount).toBe(0);
    expect(sentKeys(fetch)).toEqual([action.key, action.key, action.key]);
  });

  it('keeps a conflict, with the worker’s figures and who did it, until dismissed', async () => {
    const problem = {
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      code: 'stop_done',
      message: 'Marko Horvat did this stop at 10:12.',
      doneByName: 'Marko Horvat',
      doneAt: '2026-12-06T09:12:00.000Z',
      deposit: '/api/v2/deposits/40',
      stopStatus: 'done',
    };
    const fetch = vi.fn(async () => json(409, problem));
    vi.stubGlobal('fetch', fetch);
    const queryClient = client();
    const error = await tap(queryClient, action);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(isConflict(error)).toBe(true);

    // Persisted (as JSON) and read back after a reload: still a conflict, the figures kept.
    const [kept] = roundTrip(queryClient).mutations;
    expect(kept?.state.status).toBe('error');
    expect(kept?.state.variables).toEqual(action);
    expect(isConflict(kept?.state.error)).toBe(true);
    expect(failureOf(kept?.state.error).problem).toMatchObject({ doneByName: 'Marko Horvat', deposit: '/api/v2/deposits/40' });

    const cache = queryClient.getMutationCache();
    const mutation = cache.getAll()[0];
    if (mutation) cache.remove(mutation);
    expect(roundTrip(queryClient).mutations).toHaveLength(0);
  });

  it('does not send again what the server refused (422), and says why', async () => {
    const fetch = vi.fn(async () =>
      json(422, { type: 'about:blank', title: 'Unprocessable', status: 422, message: 'Enter the tokens counted.' }),
    );
    vi.stubGlobal('fetch', fetch);
    const queryClient = client();
    const error = await tap(queryClient, action);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(isConflict(error)).toBe(false);
    expect(failureOf(error)).toMatchObject({ status: 422, problem: { message: 'Enter the tokens counted.' } });
  });
});

describe('a deposit’s count', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('goes with its key and the ETag it was based on; a stale one is a conflict, naming who counted', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      json(412, {
        type: 'about:blank',
        title: 'Precondition Failed',
        status: 412,
        message: 'This deposit changed after you read it.',
        reportedByName: 'Ana Kovač',
        reportedAt: '2026-12-06T10:05:00.000Z',
        depositCoinsCents: 8700,
      }),
    );
    vi.stubGlobal('fetch', fetch);
    const queryClient = client();
    const variables: DepositCountVariables = {
      id: 812,
      key: 'b2b2b2b2-0000-4000-8000-000000000000',
      etag: '"1765015500000.0"',
      body: { depositCoinsCents: 8800, depositTokens: 2, note: null },
    };
    const error = await new MutationObserver<unknown, Error, DepositCountVariables>(queryClient, { mutationKey: DEPOSIT_COUNT_KEY })
      .mutate(variables)
      .catch((e: unknown) => e);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/v2/deposits/812');
    expect(init?.method).toBe('PATCH');
    const headers = new Headers(init?.headers);
    expect(headers.get('Idempotency-Key')).toBe(variables.key);
    expect(headers.get('If-Match')).toBe(variables.etag);
    expect(isConflict(error)).toBe(true);
    expect(failureOf(error).problem).toMatchObject({ reportedByName: 'Ana Kovač', depositCoinsCents: 8700 });
    expect(hasQueuedActions(queryClient)).toBe(true);
  });
});

describe('what is kept on the phone', () => {
  const query = (queryKey: unknown[], status: 'success' | 'error' = 'success') =>
    ({ queryKey, state: { status } }) as unknown as Parameters<typeof persistedQuery>[0];

  it('keeps the day’s visits, their deposits and the settings, nothing else', () => {
    expect(persistedQuery(query(['visits', 'list', { day: '2026-12-06', itemsPerPage: 50 }]))).toBe(true);
    expect(persistedQuery(query(['deposits', 'detail', 41]))).toBe(true);
    expect(persistedQuery(query(['settings', 'detail', 'current']))).toBe(true);
    expect(persistedQuery(query(['visits', 'list', { itemsPerPage: 20 }]))).toBe(false);
    expect(persistedQuery(query(['deposits', 'list', {}]))).toBe(false);
    expect(persistedQuery(query(['users', 'detail', 1]))).toBe(false);
    expect(persistedQuery(query(['deposits', 'detail', 41], 'error'))).toBe(false);
  });
});
