import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './throwaway-postgres';

/** A redis-server of a test's own on a random loopback port, stopped (SIGKILL) and started again on the same port. */
export class RedisProcess {
  private child: ChildProcess | undefined;
  private readonly dir = mkdtempSync(join(tmpdir(), 'gw-redis-'));

  private constructor(readonly port: number) {}

  static async start(): Promise<RedisProcess> {
    const redis = new RedisProcess(await freePort());
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('Ready to accept connections')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${out}`)));
    });
  }

  /** SIGKILL: Redis gone at once, every connection dropped. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  }

  /** SIGSTOP: Redis still holds its connections but answers nothing, as a stalled or overloaded server does. */
  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  /** SIGCONT: a paused Redis answers again, everything it was sent meanwhile included. */
  resume(): void {
    this.child?.kill('SIGCONT');
  }

  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
