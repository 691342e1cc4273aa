// Prepares the database our gateway uses under ../shared/bench/run-peer-bench.sh and prints the
// command line to pass it (the harness's mock upstream listens on 127.0.0.1:18080 by default).
//   npx tsx bench/prepare-peer.ts [database-url] [upstream-base-url]
import { resolve } from 'node:path';
import { BENCH_API_KEY, BENCH_SECRET_KEY, prepareBenchDatabase } from './bench-database';

async function main(): Promise<void> {
  const databaseUrl = process.argv[2] ?? 'postgresql://postgres@127.0.0.1:5432/gateway_peer';
  const upstream = process.argv[3] ?? 'http://127.0.0.1:18080/v1';
  await prepareBenchDatabase(databaseUrl, upstream);
  const root = resolve(__dirname, '..');
  const cmd =
    `cd ${root} && DATABASE_URL=${databaseUrl} PORT=3000 SECRET_KEY=${BENCH_SECRET_KEY} LOG_LEVEL=warn DEMO_UPSTREAM=false ` +
    `exec node --import tsx src/main.ts`;
  process.stdout.write(
    [
      `database ${databaseUrl} ready; channel gpt-4o-mini -> ${upstream}`,
      `key: ${BENCH_API_KEY}`,
      'run:',
      `  run-peer-bench.sh --quick --ours-url http://127.0.0.1:3000/v1/chat/completions --ours-key ${BENCH_API_KEY} \\`,
      `    --ours-cmd '${cmd}'`,
      '',
    ].join('\n'),
  );
}

main().catch((err) => {
  process.stderr.write(`prepare-peer failed: ${(err as Error).stack}\n`);
  process.exit(1);
});
