import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../lib/logger';

/**
 * `tokens.last_used_at` without a write per request: ids are collected in memory and written
 * with one UPDATE every `intervalMs` (and at shutdown). Minute precision is all the console needs.
 */
export class TokenLastUsedRecorder {
  private pending = new Set<number>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly orm: MikroORM, private readonly logger: Logger, intervalMs = 15_000) {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  touch(tokenId: number): void {
    this.pending.add(tokenId);
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const ids = [...this.pending];
    this.pending = new Set();
    try {
      await this.orm.em.getConnection().execute(`update tokens set last_used_at = now() where id in (${ids.map(() => '?').join(',')})`, ids, 'run');
    } catch (err) {
      this.logger.warn('could not record token last-used times', { error: err as Error });
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
