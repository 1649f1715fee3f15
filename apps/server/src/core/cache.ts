import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { TagBus } from '../db/client.ts';

/** A snapshot of tag versions, taken before a value is computed (see `ReadCache.stamp`). */
export type Stamp = readonly number[];

interface Entry<V> {
  value: V;
  tags: readonly string[];
  versions: Stamp;
  expiresAt: number;
}

export interface ReadCacheOptions<V> {
  /** Longest life of an entry: bounds staleness after a write no notification announced. */
  ttlMs: number;
  /** Bound of the whole cache, in (estimated) bytes: distinct URLs must not grow the process. */
  maxBytes: number;
  /** Estimated bytes an entry holds besides its key. */
  sizeOf: (value: V) => number;
  now?: () => number;
}

/** What an entry costs beyond its value: the key, the entry object, the LRU's bookkeeping. */
const ENTRY_OVERHEAD = 200;

/**
 * Read caches of one server process (docs/decisions/0003-read-cache.md).
 *
 * Every cached value names the resources it was computed from (its tags). A write bumps its
 * resource's version — in this process and, through `TagVersions`' bus, in every other process on the
 * same PostgreSQL — which invalidates at once every entry tagged with it; a time limit bounds
 * staleness after writes nobody announced (SQL by hand). Writes to `users` and `companies` also change
 * who may see what, so they invalidate every entry. The cache is bounded by bytes, least recently used
 * dropped first.
 */
export class ReadCache<V> {
  private readonly entries: LRUCache<string, Entry<V>>;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly versions: TagVersions,
    options: ReadCacheOptions<V>,
  ) {
    this.ttlMs = options.ttlMs;
    this.now = options.now ?? Date.now;
    this.entries = new LRUCache<string, Entry<V>>({
      maxSize: options.maxBytes,
      sizeCalculation: (entry, key) => Math.max(1, options.sizeOf(entry.value) + key.length * 2 + ENTRY_OVERHEAD),
    });
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now() || entry.tags.some((tag, i) => this.versions.of(tag) !== entry.versions[i])) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * The versions of `tags` now. Take it before computing a value and give it to `set`: a write that
   * lands while the value is computed then invalidates the value, instead of being stamped onto it.
   */
  stamp(tags: readonly string[]): Stamp {
    return tags.map((t) => this.versions.of(t));
  }

  set(key: string, tags: readonly string[], value: V, stamp: Stamp = this.stamp(tags)): void {
    // An entry larger than the whole cache is not stored (lru-cache refuses it without a word).
    this.entries.set(key, { value, tags, versions: stamp, expiresAt: this.now() + this.ttlMs });
  }

  /** Bytes held, as `sizeOf` estimates them. */
  get bytes(): number {
    return this.entries.calculatedSize;
  }
}

/** Resource versions; `access` is bumped with users and companies and tags every cached read. */
export class TagVersions {
  private readonly versions = new Map<string, number>();
  /** Tells this process's own messages apart from the others'. */
  private readonly origin = randomUUID();
  private pending: Set<string> | null = null;
  private readonly sending = new Set<Promise<void>>();
  private stopListening: (() => Promise<void>) | null = null;
  private readonly listeners = new Set<(tag: string) => void>();

  constructor(private readonly bus: TagBus | null = null) {}

  of(tag: string): number {
    return this.versions.get(tag) ?? 0;
  }

  bump(tag: string): void {
    this.bumpHere(tag);
    if (!this.bus) return;
    // The bumps of one request (a write names several resources, ingestion three) leave as one message.
    if (!this.pending) {
      this.pending = new Set();
      setImmediate(() => this.flush());
    }
    this.pending.add(tag);
  }

  /**
   * Calls `listener` with every tag bumped from now on, in this process or heard from another (the live
   * updates' stream, modules/events). Synchronous and cheap: a listener only notes the tag. Answers a
   * function that stops.
   */
  onBump(listener: (tag: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts applying the other processes' bumps; without a bus (PGlite: one process) there are none. */
  async listen(): Promise<void> {
    if (!this.bus || this.stopListening) return;
    this.stopListening = await this.bus.subscribe(
      (payload) => {
        const [origin, ...tags] = payload.split(' ');
        if (origin !== this.origin) for (const tag of tags) this.bumpHere(tag);
      },
      // Bumps may have been missed: everything cached may be stale.
      () => this.bumpHere(ACCESS),
    );
  }

  /**
   * Sends this process's pending bumps now and waits until PostgreSQL has them: a write's answer waits
   * for it (app.ts), so another process sees the write before its client can ask (it then hears of it
   * within a few milliseconds, not after the answer has gone out).
   */
  async settled(): Promise<void> {
    if (!this.bus) return;
    this.flush();
    if (this.sending.size) await Promise.all(this.sending);
  }

  async close(): Promise<void> {
    this.flush();
    await Promise.all(this.sending); // before the database closes
    await this.stopListening?.();
    this.stopListening = null;
  }

  private bumpHere(tag: string): void {
    this.versions.set(tag, this.of(tag) + 1);
    if (tag === 'users' || tag === 'companies') this.versions.set(ACCESS, this.of(ACCESS) + 1);
    for (const listener of this.listeners) {
      try {
        listener(tag);
      } catch {
        // A listener's failure is its own: the bump stands.
      }
    }
  }

  private flush(): void {
    const tags = this.pending;
    this.pending = null;
    if (!tags?.size || !this.bus) return;
    const sent = this.bus.publish([this.origin, ...tags].join(' ')).finally(() => this.sending.delete(sent));
    this.sending.add(sent);
  }
}

export const ACCESS = 'access';

/** The tag of one user's cached access: a sign-out bumps it alone (the answers' cache stays). */
export const sessionTag = (userId: number) => `session:${userId}`;
