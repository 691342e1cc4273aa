import type { Redis } from 'ioredis';

/** QUIT when the connection is up (pending replies arrive first), else just drop it: shutdown never waits on a dead socket. */
export async function quitRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    try {
      await client.quit();
      return;
    } catch {
      // Not answering: drop the connection below.
    }
  }
  client.disconnect();
}
