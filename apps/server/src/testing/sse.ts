/** A client of the live updates' stream (`GET /api/v2/events`) for tests and benchmarks. */
export interface LiveClient {
  status: number;
  /** Every `changed` event so far, with when it arrived (`performance.now()`). */
  events: { tags: string[]; at: number }[];
  /** Comments (heartbeats) so far. */
  comments: number;
  /** Resolves with the first `changed` event after `since` (default: any) naming `tag`; rejects after `ms`. */
  next(tag: string, ms?: number, since?: number): Promise<{ tags: string[]; at: number }>;
  /** Resolves once the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens the stream with the bearer token and reads it in the background. */
export async function openLive(base: string, token: string): Promise<LiveClient> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/v2/events`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const events: LiveClient['events'] = [];
  const waiters = new Set<() => void>();
  const client: LiveClient = {
    status: res.status,
    events,
    comments: 0,
    next(tag, ms = 5_000, since = -1) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find((e) => e.at > since && e.tags.includes(tag));
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no '${tag}' event within ${ms} ms (${JSON.stringify(events.map((e) => e.tags))})`));
        }, ms);
        if (!check()) waiters.add(check);
      });
    },
    ended: Promise.resolve(),
    close: () => abort.abort(),
  };
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    return client;
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  client.ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(':')) client.comments++;
          const data = /^event: changed\ndata: (.*)$/m.exec(block);
          if (data?.[1]) {
            events.push({ tags: (JSON.parse(data[1]) as { tags: string[] }).tags, at: performance.now() });
            for (const waiter of [...waiters]) waiter();
          }
        }
      }
    } catch {
      // aborted by `close`
    }
  })();
  return client;
}
