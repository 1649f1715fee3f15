import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, setUnauthorizedHandler } from './api.ts';
import { clearSession, setToken } from './session.ts';

// The dictionaries and the page's language attribute are the browser's; the request only needs a language.
vi.mock('./i18n.ts', () => ({ currentLanguage: () => 'en' }));

/** A fetch that answers 401 when the test lets it (the answer arrives after whatever happened meanwhile). */
function heldUnauthorized() {
  let answer: () => void = () => {};
  const sent = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(
    () =>
      new Promise((resolve) => {
        answer = () =>
          resolve(
            new Response(JSON.stringify({ title: 'Unauthorized' }), {
              status: 401,
              headers: { 'Content-Type': 'application/problem+json' },
            }),
          );
      }),
  );
  vi.stubGlobal('fetch', sent);
  return { sent, answer: () => answer() };
}

describe('a 401 sends the user to sign in only for the login still stored', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('calls the handler when the request went out with the stored login', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    setToken('token-a');
    const fetch = heldUnauthorized();
    const request = apiRequest('/devices').catch(() => undefined);
    await vi.waitFor(() => expect(fetch.sent).toHaveBeenCalled());
    fetch.answer();
    await request;
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('ignores it when the user signed out or signed in again while the request was out', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    for (const meanwhile of [() => clearSession(), () => setToken('token-b')]) {
      setToken('token-a');
      const fetch = heldUnauthorized();
      const request = apiRequest('/devices').catch(() => undefined);
      await vi.waitFor(() => expect(fetch.sent).toHaveBeenCalled());
      meanwhile();
      fetch.answer();
      await request;
    }
    expect(handler).not.toHaveBeenCalled();
  });

  it('ignores it for a request sent without a login', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const fetch = heldUnauthorized();
    const request = apiRequest('/settings').catch(() => undefined);
    await vi.waitFor(() => expect(fetch.sent).toHaveBeenCalled());
    fetch.answer();
    await request;
    expect(handler).not.toHaveBeenCalled();
  });
});
