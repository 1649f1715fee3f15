/**
 * Sign-in attempts per key (an account's e-mail, a client address) in a fixed window, kept in memory.
 * An attempt is counted when it starts, before the password is checked, so parallel attempts cannot
 * all slip under the limit while their hashes are computed; a successful sign-in gives its attempt
 * back. A restart forgetting the counts is harmless; with several server processes each counts its
 * own (docs/rules.md, "Sessions").
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string): number {
    const w = this.windows.get(key);
    if (!w) return 0;
    const now = this.now();
    if (w.resetAt <= now) {
      this.windows.delete(key);
      return 0;
    }
    return w.count >= this.limit ? Math.ceil((w.resetAt - now) / 1000) : 0;
  }

  /** Counts an attempt that starts now. */
  take(key: string): void {
    const now = this.now();
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
    else w.count++;
    if (this.windows.size > 100_000) this.sweep(now);
  }

  /** Gives back an attempt that succeeded. */
  giveBack(key: string): void {
    const w = this.windows.get(key);
    if (w && w.count > 0) w.count--;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}
