import type { Redis } from 'ioredis';
import { withinDeadline } from './io-deadline';

/**
 * QUIT when the connection is up (pending replies arrive first), else just drop it: shutdown
 * never waits on a dead socket, nor longer than `timeoutMs` (when given) on one that stays silent.
 */
export async function quitRedis(client: Redis, timeoutMs?: number): Promise<void> {
  if (client.status === 'ready') {
    try {
      await (timeoutMs === undefined ? client.quit() : withinDeadline(client.quit(), timeoutMs, 'Redis QUIT'));
      return;
    } catch {
      // Not answering: drop the connection below.
    }
  }
  client.disconnect();
}
