import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-locked-error';
import { startServer, type RunningServer } from './server';

function banner(server: RunningServer, adminEmail: string, embedded: boolean): string {
  const v1 = `${server.url}/v1`;
  const lines = [
    '',
    `  Model gateway listening on ${server.url}  (database: ${embedded ? 'embedded PGlite' : 'PostgreSQL'})`,
    '',
    `  console (open in a browser): ${server.url}/`,
    `  OpenAI-compatible base URL : ${v1}`,
    `  GraphQL control plane      : ${server.url}/graphql   (GraphiQL in a browser)`,
    `  admin sign-in              : ${adminEmail}`,
    server.seed.generatedAdminPassword
      ? `  admin password (shown once): ${server.seed.generatedAdminPassword}`
      : `  admin password             : ${server.seed.adminCreated ? 'from ADMIN_PASSWORD' : 'unchanged (set on first start)'}`,
    `  sign in                    : curl -s ${server.url}/graphql -H 'content-type: application/json' \\`,
    `                                 -d '{"query":"mutation { login(email: \\"${adminEmail}\\", password: \\"${server.seed.generatedAdminPassword ?? '<password>'}\\") { __typename ... on LoginSuccess { sessionToken } } }"}'`,
  ];
  if (server.demoKey) {
    lines.push(
      '',
      `demo key: ${server.demoKey}`,
      '  (a local echo upstream answers the demo channel: replies are echoes, not a model)',
      '  add a real channel: the createChannel mutation on /graphql (signed in as the admin) with the vendor base URL and key;',
      '  the demo channel then stops serving every model the real one serves. Switch the demo off with DEMO_UPSTREAM=false.',
      '',
      '  try it:',
      `  curl -s ${v1}/chat/completions -H 'Authorization: Bearer ${server.demoKey}' -H 'Content-Type: application/json' \\`,
      `    -d '{"model":"gpt-4o-mini","messages":[{"role":"user","content":"Hello!"}]}'`,
    );
  }
  lines.push('');
  return lines.join('\n');
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  let server: RunningServer;
  try {
    server = await startServer(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  process.stdout.write(banner(server, config.admin.email, server.services.embedded) + '\n');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n${signal} received, draining...\n`);
    server.close().then(
      () => process.exit(0),
      (err) => {
        process.stderr.write(`shutdown failed: ${(err as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

void main().catch((err) => {
  process.stderr.write(`failed to start: ${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
