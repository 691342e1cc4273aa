import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next sign-in at the provider is. */
  setAccount(account: { sub: string; email: string; email_verified: boolean }): Promise<void>;
  /** Moves the provider's clock (ms; negative: its tokens are issued in the past). */
  setClockOffset(offsetMs: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts test/support/oidc-provider-server.mjs (a real oidc-provider) on a random loopback port. */
export async function startOidcProvider(redirectUris: string[]): Promise<TestOidcProvider> {
  const clientId = 'gateway-test-client';
  const clientSecret = 'gateway-test-secret-0123456789';
  const child: ChildProcess = spawn(process.execPath, [join(__dirname, 'oidc-provider-server.mjs'), clientId, clientSecret, ...redirectUris], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_OPTIONS: '', NODE_ENV: 'test' },
  });
  const issuer = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve((JSON.parse(line) as { issuer: string }).issuer));
    child.once('exit', (code) => reject(new Error(`oidc-provider exited with ${code}`)));
  });
  const control = async (path: string, body: unknown) => {
    const res = await fetch(`${issuer}/__control/${path}`, { method: 'POST', body: JSON.stringify(body) });
    if (res.status !== 204) throw new Error(`oidc-provider control ${path}: ${res.status}`);
  };
  return {
    issuer, clientId, clientSecret,
    setAccount: (account) => control('account', account),
    setClockOffset: (offsetMs) => control('clock', { offsetMs }),
    close: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}
