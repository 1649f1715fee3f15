/**
 * Read caches of one server process (docs/decisions/0003-read-cache.md).
 *
 * Every cached value names the resources it was computed from (its tags). A write through a
 * resource's routes bumps that resource's version, which invalidates at once every entry tagged with
 * it; a time limit bounds staleness after writes this process does not see (another process, SQL by
 * hand). Writes to `users` and `companies` also change who may see what, so they invalidate every
 * entry.
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, { value: V; versions: number[]; tags: readonly string[]; expiresAt: number }>();

  constructor(
    private readonly versions: TagVersions,
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now() || entry.tags.some((tag, i) => this.versions.of(tag) !== entry.versions[i])) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, tags: readonly string[], value: V): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value; // Map keeps insertion order: drop the oldest
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, tags, versions: tags.map((t) => this.versions.of(t)), expiresAt: this.now() + this.ttlMs });
  }
}

/** Resource versions; `access` is bumped with users and companies and tags every cached read. */
export class TagVersions {
  private readonly versions = new Map<string, number>();

  of(tag: string): number {
    return this.versions.get(tag) ?? 0;
  }

  bump(tag: string): void {
    this.versions.set(tag, this.of(tag) + 1);
    if (tag === 'users' || tag === 'companies') this.versions.set(ACCESS, this.of(ACCESS) + 1);
  }
}

export const ACCESS = 'access';
