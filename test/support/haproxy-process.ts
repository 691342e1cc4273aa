import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './throwaway-postgres';

const DEPLOYED_CONFIG = join(__dirname, '../../deploy/haproxy.cfg');

/**
 * The deployed balancer configuration (deploy/haproxy.cfg, what compose.yaml runs) with loopback
 * addresses: the frontend bound to `port`, the compose servers (Docker DNS names and resolvers)
 * replaced by `backends`, each response naming its instance in `x-served-by`, and a connection
 * ceiling a test machine's file limit allows. Everything else, health checks, retries and
 * timeouts, is the deployed file's, so the cluster check tests it.
 */
export function loopbackConfig(deployed: string, port: number, backends: ReadonlyArray<{ name: string; url: string }>): string {
  const out: string[] = [];
  let section = '';
  let bound = false;
  let serversAdded = false;
  for (const line of deployed.split('\n')) {
    const header = /^(\w+)/.exec(line);
    if (header) section = header[1]!;
    if (section === 'resolvers') continue;
    const trimmed = line.trim();
    if (section === 'global' && trimmed.startsWith('maxconn ')) {
      // The deployed figure needs twice as many file descriptors, more than a test machine may grant.
      out.push('  maxconn 4096');
    } else if (section === 'frontend' && trimmed.startsWith('bind ')) {
      out.push(`  bind 127.0.0.1:${port}`);
      bound = true;
    } else if (section === 'backend' && trimmed.startsWith('server ')) {
      if (serversAdded) continue;
      serversAdded = true;
      out.push('  http-response set-header x-served-by %s');
      for (const { name, url } of backends) out.push(`  server ${name} ${new URL(url).host} check`);
    } else {
      out.push(line);
    }
  }
  if (!bound || !serversAdded) throw new Error('deploy/haproxy.cfg has no frontend bind or no backend servers to replace');
  return out.join('\n');
}

/**
 * HAProxy (Debian's package) in front of gateway instances on loopback, configured as deployed
 * (loopbackConfig): round robin, health checks on /readyz, a failed connection retried on
 * another instance, and the serving instance named in an `x-served-by` response header so a test
 * can see the load spread.
 */
export class HaproxyProcess {
  private constructor(private readonly child: ChildProcess, private readonly dir: string, readonly url: string, private readonly output: { text: string }) {}

  static async start(backends: ReadonlyArray<{ name: string; url: string }>): Promise<HaproxyProcess> {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'gw-haproxy-'));
    // A stats socket, to wait for the health checks below.
    const config = loopbackConfig(readFileSync(DEPLOYED_CONFIG, 'utf8'), port, backends)
      .replace(/^global$/m, `global\n  stats socket ${join(dir, 'stats.sock')} mode 600 level user`);
    writeFileSync(join(dir, 'haproxy.cfg'), config);
    const output = { text: '' };
    const child = spawn('haproxy', ['-db', '-f', join(dir, 'haproxy.cfg')], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d: Buffer) => (output.text = (output.text + d.toString()).slice(-30_000)));
    child.stderr!.on('data', (d: Buffer) => (output.text = (output.text + d.toString()).slice(-30_000)));
    const proxy = new HaproxyProcess(child, dir, `http://127.0.0.1:${port}`, output);
    // Up when every instance has passed its health checks (not only the one HAProxy assumes at
    // start, when a first failed check takes an instance out at once) and it answers through.
    const deadline = Date.now() + 30_000;
    let states: Record<string, string> = {};
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`haproxy exited: ${output.text}`);
      states = await proxy.serverStates().catch(() => ({}));
      const checked = backends.every(({ name }) => states[name] === 'UP L7OK');
      if (checked && (await fetch(`${proxy.url}/healthz`).then((res) => res.ok, () => false))) return proxy;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`haproxy did not answer with every instance checked (${JSON.stringify(states)}): ${output.text}`);
  }

  /** Each server's state and its last check's result (HAProxy's `show stat`): `UP 1/3 INI` at start (one failed check from DOWN), `UP L7OK`, `DOWN L4CON`... */
  async serverStates(): Promise<Record<string, string>> {
    const csv = await new Promise<string>((resolve, reject) => {
      let text = '';
      const socket = createConnection(join(this.dir, 'stats.sock'), () => socket.end('show stat\n'));
      socket.on('data', (d: Buffer) => (text += d.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    const [header = '', ...rows] = csv.split('\n');
    const columns = header.replace(/^# /, '').split(',');
    const at = (name: string) => columns.indexOf(name);
    const states: Record<string, string> = {};
    for (const row of rows.map((line) => line.split(','))) {
      // A check in progress marks the last result with `* `.
      if (row[at('type')] === '2') states[row[at('svname')]!] = `${row[at('status')]} ${row[at('check_status')]?.replace(/^\* /, '')}`;
    }
    return states;
  }

  /** What HAProxy said about its servers (`... is DOWN, reason: ...`, `... is UP`), in order: why the balancer refused requests. */
  serverEvents(): string[] {
    return this.output.text.split('\n').filter((line) => / is (?:DOWN|UP)\b/.test(line) || line.includes('has no server available'));
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
