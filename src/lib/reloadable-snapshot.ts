/**
 * An in-memory copy of a small table set (catalogue, groups, channels), loaded whole and
 * replaced whole. `invalidate()` makes the next `get()` wait for a fresh load, so a change
 * published on the change bus is visible to the very next request; concurrent callers share
 * one load. A load that started before an invalidation is discarded and repeated, so a
 * reader never receives data older than the last invalidation it could have observed.
 * Past `maxAgeMs` the old copy keeps serving while a refresh runs in the background: the
 * age limit is only a safety net for a missed notification.
 */
export class ReloadableSnapshot<T> {
  private value: T | undefined;
  private loadedAt = 0;
  private generation = 0;
  private loadedGeneration = -1;
  private inflight: Promise<T> | undefined;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly options: {
      maxAgeMs: number;
      onBackgroundError?: (err: unknown) => void;
      /** Called when a load becomes the current copy (one that no invalidation overtook). */
      onLoaded?: () => void;
    },
  ) {}

  /** The current snapshot; awaits a load only when there is none or it was invalidated. */
  get(): Promise<T> | T {
    if (this.value !== undefined && this.loadedGeneration === this.generation) {
      if (Date.now() - this.loadedAt > this.options.maxAgeMs && !this.inflight) {
        this.refresh().catch((err) => this.options.onBackgroundError?.(err));
      }
      return this.value;
    }
    return this.refresh();
  }

  /** The last loaded copy, even if stale; undefined before the first load. */
  peek(): T | undefined {
    return this.value;
  }

  invalidate(): void {
    this.generation++;
  }

  private refresh(): Promise<T> {
    if (this.inflight) return this.inflight;
    const run = async (): Promise<T> => {
      try {
        for (;;) {
          const generation = this.generation;
          const value = await this.load();
          if (generation !== this.generation) continue; // changed while loading: load again
          this.value = value;
          this.loadedAt = Date.now();
          this.loadedGeneration = generation;
          this.options.onLoaded?.();
          return value;
        }
      } finally {
        this.inflight = undefined;
      }
    };
    this.inflight = run();
    return this.inflight;
  }
}
