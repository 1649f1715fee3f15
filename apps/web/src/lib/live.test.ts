import { describe, expect, it, vi } from 'vitest';
import { LIVE_TAGS, parseEvents, startLive } from './live.ts';

const encoder = new TextEncoder();

/** A stream the test writes to, as the server would. */
function eventStream() {
  let push: (text: string) => void = () => {};
  let end: () => void = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => controller.enqueue(encoder.encode(text));
      end = () => controller.close();
    },
  });
  return { body, push: (text: string) => push(text), end: () => end() };
}

class FakeDocument {
  hidden = false;
  private readonly listeners = new Set<() => void>();
  addEventListener(_: string, listener: () => void) {
    this.listeners.add(listener);
  }
  removeEventListener(_: string, listener: () => void) {
    this.listeners.delete(listener);
  }
  show(hidden: boolean) {
    this.hidden = hidden;
    for (const l of this.listeners) l();
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('parseEvents', () => {
  it('reads the changed events, skips comments and other events, and keeps an unfinished block', () => {
    const { tags, rest } = parseEvents(
      ': live\nretry: 5000\n\nevent: changed\ndata: {"tags":["alarms"]}\n\nevent: other\ndata: {"tags":["x"]}\n\n: ping\n\nevent: changed\ndata: {"ta',
    );
    expect(tags).toEqual([['alarms']]);
    expect(rest).toBe('event: changed\ndata: {"ta');
    expect(parseEvents(`${rest}gs":["bills","deposits"]}\r\n\r\n`).tags).toEqual([['bills', 'deposits']]);
  });
});

describe('startLive', () => {
  it('tells of each event with the bearer token, reconnects after the stream ends and then refetches everything', async () => {
    vi.useFakeTimers();
    const streams = [eventStream(), eventStream()];
    const fetch = vi.fn(
      async (_url: string, _init: RequestInit) => new Response(streams[fetch.mock.calls.length - 1]?.body, { status: 200 }),
    );
    const changed: (readonly string[])[] = [];
    const doc = new FakeDocument();
    const stop = startLive('tok', { onChanged: (tags) => changed.push(tags), fetch: fetch as typeof globalThis.fetch, doc });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[1]?.headers).toMatchObject({ Authorization: 'Bearer tok' });
    streams[0]?.push('event: changed\ndata: {"tags":["alarms"]}\n\n');
    await vi.advanceTimersByTimeAsync(0);
    expect(changed).toEqual([['alarms']]);
    streams[0]?.end();
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(changed.at(-1)).toEqual(LIVE_TAGS);
    stop();
    vi.useRealTimers();
  });

  it('stops for good on 401, and holds no stream while the tab is hidden', async () => {
    const refused = vi.fn(async () => new Response(null, { status: 401 }));
    const onRefused = vi.fn();
    startLive('old', { onChanged: () => {}, onRefused, fetch: refused as typeof globalThis.fetch, doc: new FakeDocument() });
    await flush();
    expect(onRefused).toHaveBeenCalledTimes(1);
    expect(refused).toHaveBeenCalledTimes(1);

    const doc = new FakeDocument();
    doc.hidden = true;
    const stream = eventStream();
    const fetch = vi.fn(async (_url: string, init: RequestInit) => {
      init.signal?.addEventListener('abort', () => stream.end());
      return new Response(stream.body, { status: 200 });
    });
    const stop = startLive('tok', { onChanged: () => {}, fetch: fetch as typeof globalThis.fetch, doc });
    await flush();
    expect(fetch).not.toHaveBeenCalled();
    doc.show(false);
    await flush();
    expect(fetch).toHaveBeenCalledTimes(1);
    const signal = fetch.mock.calls[0]?.[1].signal;
    doc.show(true);
    expect(signal?.aborted).toBe(true);
    stop();
  });
});
