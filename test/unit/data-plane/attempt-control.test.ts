import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { ClientConnection } from '../../../src/gateway/pipeline/client-connection';
import { AttemptControl } from '../../../src/gateway/upstream/attempt-control';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function control(firstByteTimeoutMs: number): AttemptControl {
  const res = Object.assign(new EventEmitter(), { destroyed: false, writableFinished: false }) as unknown as ServerResponse;
  return new AttemptControl({ firstByteTimeoutMs, totalTimeoutMs: 60_000 }, new ClientConnection(res));
}

describe('AttemptControl', () => {
  it('times out a channel that sends nothing within its first-byte budget', async () => {
    const c = control(100);
    await sleep(250);
    expect(c.cause).toBe('FIRST_BYTE_TIMEOUT');
    c.dispose();
  });

  it('does not count a wait of our own (the upstream pool) against that budget, and resumes it afterwards', async () => {
    const c = control(100);
    await c.excusing(sleep(250));
    expect(c.cause).toBeUndefined();
    await sleep(300);
    expect(c.cause).toBe('FIRST_BYTE_TIMEOUT');
    c.dispose();
  });

  it('has nothing to resume once the first byte arrived', async () => {
    const c = control(100);
    c.firstByte();
    await c.excusing(sleep(10));
    await sleep(200);
    expect(c.cause).toBeUndefined();
    c.dispose();
  });
});
