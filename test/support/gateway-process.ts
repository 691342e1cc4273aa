import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const MAIN = join(__dirname, '../../src/main.ts');

/** The gateway as a real child process (`node --import tsx src/main.ts`), killed and restarted by the fault suite and the crash tests. */
export class GatewayProcess {
  url = '';
  private child: ChildProcess | undefined;
  private upWaiters: Array<(url: string) => void> = [];
  private running = false;
  private exitedOnPurpose = false;
  /** Exits nobody asked for: a crash. */
  crashes = 0;
  log = '';

  constructor(readonly name: string, private readonly env: Record<string, string>) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Its URL once it listens: callers wait out a restart instead of spinning on refused connections. */
  whenUp(): Promise<string> {
    return this.running ? Promise.resolve(this.url) : new Promise((resolve) => this.upWaiters.push(resolve));
  }

  async start(): Promise<void> {
    this.exitedOnPurpose = false;
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: { ...process.env, NODE_OPTIONS: '', ...this.env, PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let out = '';
    const keep = (d: Buffer) => {
      // Only the tail is kept: enough to explain a crash, bounded for long runs.
      this.log = (this.log + d.toString()).slice(-20_000);
    };
    child.stderr!.on('data', keep);
    child.once('exit', (code, signal) => {
      if (!this.exitedOnPurpose) {
        this.crashes++;
        this.log += `\n[${this.name} exited by itself: code ${code} signal ${signal}]\n`;
      }
    });
    this.url = await new Promise<string>((resolve, reject) => {
      child.stdout!.on('data', (d: Buffer) => {
        keep(d);
        out += d.toString();
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.once('exit', (code) => reject(new Error(`${this.name} exited with ${code} before listening:\n${this.log}`)));
    });
    this.running = true;
    for (const resolve of this.upWaiters.splice(0)) resolve(this.url);
  }

  /** SIGKILL: no shutdown hook runs, exactly like a crash or an OOM kill. */
  async kill9(): Promise<void> {
    await this.stop('SIGKILL');
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    this.exitedOnPurpose = true;
    this.running = false;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
  }
}
