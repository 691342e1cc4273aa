import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './throwaway-postgres';

/**
 * HAProxy (Debian's package) in front of gateway instances on loopback, as an operator would run
 * it: round robin, health checks on /readyz (a draining or dead instance leaves the rotation within
 * about a second), a failed connection retried on another instance, and the serving instance named
 * in an `x-served-by` response header so a test can see the load spread.
 */
export class HaproxyProcess {
  private constructor(private readonly child: ChildProcess, private readonly dir: string, readonly url: string, private readonly output: { text: string }) {}

  static async start(backends: ReadonlyArray<{ name: string; url: string }>): Promise<HaproxyProcess> {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'gw-haproxy-'));
    const servers = backends
      .map(({ name, url }) => `  server ${name} ${new URL(url).host} check`)
      .join('\n');
    writeFileSync(join(dir, 'haproxy.cfg'), `global
  maxconn 4096
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  option redispatch
  retries 2
frontend gateway
  bind 127.0.0.1:${port}
  default_backend gateways
backend gateways
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 300ms fall 2 rise 2
  http-response set-header x-served-by %s
${servers}
`);
    const output = { text: '' };
    const child = spawn('haproxy', ['-db', '-f', join(dir, 'haproxy.cfg')], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d: Buffer) => (output.text = (output.text + d.toString()).slice(-10_000)));
    child.stderr!.on('data', (d: Buffer) => (output.text = (output.text + d.toString()).slice(-10_000)));
    const proxy = new HaproxyProcess(child, dir, `http://127.0.0.1:${port}`, output);
    // Up when it answers through to a healthy instance.
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`haproxy exited: ${output.text}`);
      const ok = await fetch(`${proxy.url}/healthz`).then((res) => res.ok, () => false);
      if (ok) return proxy;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`haproxy did not answer: ${output.text}`);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
      this.child.kill('SIGTERM');
      await exited;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
