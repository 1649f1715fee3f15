import type { Permission } from '@kovanica/contract';
import { ACCESS, sessionTag, type TagVersions } from '../../core/cache.ts';

/**
 * The tags a live stream tells of (docs/api.md "Live updates"): what the header's bell shows (the open
 * alarms, the unverified deposits, the unfiscalized bills). Each only to a caller who may read it.
 */
export const LIVE_TAGS = ['alarms', 'deposits', 'bills'] as const satisfies readonly string[];
export type LiveTag = (typeof LIVE_TAGS)[number];

/** Streams one user may hold open on one server instance (a tab each): the seventh is refused. */
export const STREAMS_PER_USER = 6;
/**
 * The shortest time between two events of one stream naming a tag: a burst of bumps is one event. The
 * alarms go out within 150 ms; deposits and bills within 5 s, as every telemetry batch bumps `deposits`
 * (an emptying may make one) and every bill sent `bills`: a fleet ingesting would otherwise have each
 * open screen refetch them several times a second.
 */
export const INTERVAL_MS: Record<LiveTag, number> = { alarms: 150, deposits: 5_000, bills: 5_000 };
export const COALESCE_MS = INTERVAL_MS.alarms;
/** A comment this often keeps proxies from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;

/** One open stream, as the hub drives it: what to write, and how to end it. */
export interface LiveStream {
  userId: number;
  /** The tags this caller may read (a role without `deposits.read` hears nothing of deposits). */
  tags: readonly LiveTag[];
  write(text: string): void;
  end(): void;
}

export interface LiveHub {
  /** Adds a stream; null when its user holds `STREAMS_PER_USER` already. Answers the function that removes it. */
  open(stream: LiveStream): (() => void) | null;
  /** Ends every stream (the server closes); new ones are refused. */
  close(): void;
  /** Streams open now (tests, the bench). */
  readonly size: number;
}

interface Entry {
  stream: LiveStream;
  pending: Set<LiveTag>;
  timer: NodeJS.Timeout | null;
  /** When the timer fires. */
  timerAt: number;
  /** When each tag last went out on this stream. */
  lastSent: Map<LiveTag, number>;
}

/** The tags a caller may hear of: those it may read. */
export const liveTagsOf = (can: (permission: Permission) => boolean): LiveTag[] => LIVE_TAGS.filter((tag) => can(`${tag}.read`));

/**
 * The live updates of one server instance: it listens to the tag versions (this instance's bumps and
 * those heard from the others over PostgreSQL) and tells each open stream of the watched tags bumped,
 * as `event: changed` with the tags' names only — never a row, so nothing of another company leaks.
 * A tag bumped within its `INTERVAL_MS` of its last event on a stream goes out once that time has passed.
 */
export function liveHub(versions: TagVersions, now: () => number = Date.now): LiveHub {
  const entries = new Set<Entry>();
  const perUser = new Map<number, number>();
  let closed = false;

  const dueAt = (entry: Entry, tag: LiveTag) => (entry.lastSent.get(tag) ?? Number.NEGATIVE_INFINITY) + INTERVAL_MS[tag];
  /** Sends the pending tags that are due, in one event, and waits for the next one due. */
  const flush = (entry: Entry) => {
    entry.timer = null;
    const at = now();
    const tags = [...entry.pending].filter((tag) => dueAt(entry, tag) <= at);
    for (const tag of tags) {
      entry.pending.delete(tag);
      entry.lastSent.set(tag, at);
    }
    if (tags.length) entry.stream.write(`event: changed\ndata: ${JSON.stringify({ tags })}\n\n`);
    schedule(entry);
  };
  const schedule = (entry: Entry) => {
    if (entry.pending.size === 0) return;
    const next = Math.max(now(), Math.min(...[...entry.pending].map((tag) => dueAt(entry, tag))));
    // A tag due sooner than the timer (the alarms while deposits wait) brings it forward.
    if (entry.timer && entry.timerAt <= next) return;
    if (entry.timer) clearTimeout(entry.timer);
    entry.timerAt = next;
    // Even when due now, a timer: the same tick's bumps (a write names several resources) go out together.
    entry.timer = setTimeout(() => flush(entry), next - now());
  };
  const note = (entry: Entry, tags: readonly LiveTag[]) => {
    for (const tag of tags) if (entry.stream.tags.includes(tag)) entry.pending.add(tag);
    schedule(entry);
  };
  const heartbeat = setInterval(() => {
    for (const entry of entries) entry.stream.write(': ping\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const stop = versions.onBump((tag) => {
    if (entries.size === 0) return;
    // The bus missed messages (its connection came back): anything may have changed.
    if (tag === ACCESS) {
      for (const entry of entries) note(entry, LIVE_TAGS);
      return;
    }
    if ((LIVE_TAGS as readonly string[]).includes(tag)) {
      for (const entry of entries) note(entry, [tag as LiveTag]);
      return;
    }
    // The user signed out (or changed the password): the stream ends; a reconnect is then refused.
    if (tag.startsWith('session:')) for (const entry of entries) if (sessionTag(entry.stream.userId) === tag) entry.stream.end();
  });

  return {
    open(stream) {
      const held = perUser.get(stream.userId) ?? 0;
      if (closed || held >= STREAMS_PER_USER) return null;
      perUser.set(stream.userId, held + 1);
      const entry: Entry = { stream, pending: new Set(), timer: null, timerAt: 0, lastSent: new Map() };
      entries.add(entry);
      return () => {
        if (!entries.delete(entry)) return;
        if (entry.timer) clearTimeout(entry.timer);
        const left = (perUser.get(stream.userId) ?? 1) - 1;
        if (left > 0) perUser.set(stream.userId, left);
        else perUser.delete(stream.userId);
      };
    },
    close() {
      closed = true;
      stop();
      clearInterval(heartbeat);
      for (const entry of [...entries]) entry.stream.end();
    },
    get size() {
      return entries.size;
    },
  };
}
