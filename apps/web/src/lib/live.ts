import { API_BASE } from '@kovanica/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from './session.ts';

/** What the server's stream tells of (docs/api.md "Live updates"): the bell's resources. */
export const LIVE_TAGS = ['alarms', 'deposits', 'bills'] as const;

/** The first wait before connecting again, doubled after each failure up to `MAX_BACKOFF_MS`. */
const FIRST_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 60_000;
/** A stream that lasted this long was healthy: the next failure waits the first wait again. */
const HEALTHY_MS = 30_000;

/** What the stream reads of the page: whether it is hidden, and when that changes. */
export interface VisibleDocument {
  readonly hidden: boolean;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

export interface LiveOptions {
  /** Called with the tags of each `changed` event; after a gap (reconnected, tab shown again) with all of them. */
  onChanged(tags: readonly string[]): void;
  /** The server refused the login (401/403): the stream stops for good. */
  onRefused?(): void;
  fetch?: typeof fetch;
  /** The page's visibility (tests give their own). */
  doc?: VisibleDocument;
}

/** Reads an event stream's blocks (`field: value` lines up to a blank line) and answers the `changed` events' tags. */
export function parseEvents(buffer: string): { tags: string[][]; rest: string } {
  const tags: string[][] = [];
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data += line.slice(5).trim();
    }
    if (event !== 'changed' || !data) continue;
    try {
      const parsed = JSON.parse(data) as { tags?: unknown };
      if (Array.isArray(parsed.tags)) tags.push(parsed.tags.filter((t): t is string => typeof t === 'string'));
    } catch {
      // a block that is not ours
    }
  }
  return { tags, rest };
}

/**
 * Reads `GET /api/v2/events` with the login's token (fetch and a stream reader: EventSource cannot send
 * the Authorization header) until stopped. Connects again after a failure, waiting 1 s, 2 s, 4 s… up to a
 * minute (a refusal for too many streams: what `Retry-After` says); stops on 401 or 403. While the tab is
 * hidden it holds no stream; shown again (or connected again), everything it tells of is refetched, as
 * events may have been missed meanwhile. Answers the function that stops.
 */
export function startLive(token: string, options: LiveOptions): () => void {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const doc = options.doc ?? (typeof document === 'undefined' ? null : document);
  let stopped = false;
  let abort: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let backoff = FIRST_BACKOFF_MS;
  let missed = false;

  const schedule = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(connect, ms);
  };
  const failed = (waitMs?: number) => {
    abort = null;
    if (stopped) return;
    missed = true;
    if (doc?.hidden) return; // shown again, it connects
    schedule(waitMs ?? backoff);
    backoff = Math.min(MAX_BACKOFF_MS, backoff * 2);
  };

  async function connect() {
    if (stopped || abort || doc?.hidden) return;
    const controller = new AbortController();
    abort = controller;
    const opened = Date.now();
    try {
      const res = await doFetch(`${API_BASE}/events`, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        signal: controller.signal,
        cache: 'no-store',
      });
      if (res.status === 401 || res.status === 403) {
        stopped = true;
        abort = null;
        options.onRefused?.();
        return;
      }
      if (!res.ok || !res.body) {
        const retryAfter = Number(res.headers.get('retry-after'));
        await res.body?.cancel();
        return failed(res.status === 429 && retryAfter > 0 ? retryAfter * 1000 : undefined);
      }
      if (missed) {
        missed = false;
        options.onChanged(LIVE_TAGS);
      }
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const parsed = parseEvents(buffer + value);
        buffer = parsed.rest;
        for (const tags of parsed.tags) if (tags.length) options.onChanged(tags);
      }
    } catch {
      // network error, or aborted (hidden, stopped)
    }
    if (Date.now() - opened >= HEALTHY_MS) backoff = FIRST_BACKOFF_MS;
    if (abort === controller) failed();
  }

  const onVisibility = () => {
    if (stopped) return;
    if (doc?.hidden) {
      // A hidden tab holds no connection: no stream per background tab, no reconnects while hidden.
      if (abort) {
        const a = abort;
        abort = null;
        missed = true;
        a.abort();
      }
      clearTimeout(timer);
    } else if (!abort) {
      backoff = FIRST_BACKOFF_MS;
      void connect();
    }
  };
  doc?.addEventListener('visibilitychange', onVisibility);
  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    doc?.removeEventListener('visibilitychange', onVisibility);
    abort?.abort();
    abort = null;
  };
}

/**
 * Live updates for the signed-in layout (mounted once): what changed on the server — an alarm raised on
 * any instance, a deposit verified, a bill fiscalized — is refetched at once by every screen showing
 * it (its queries are keyed by the resource's name first). The screens' polling stays the fallback.
 */
export function useLiveUpdates(): void {
  const client = useQueryClient();
  const { token } = useSession();
  useEffect(() => {
    if (!token) return;
    return startLive(token, {
      onChanged: (tags) => {
        for (const tag of tags) void client.invalidateQueries({ queryKey: [tag] });
      },
    });
  }, [client, token]);
}
